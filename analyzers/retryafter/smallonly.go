package retryafter

// This file holds the small-only check: a server wait used only when it is
// below a limit, with a shorter wait of the client's own otherwise.

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/retrylint/retrylint/internal/analysisutil"
	"github.com/retrylint/retrylint/internal/fixes"
	"github.com/retrylint/retrylint/internal/flow"
)

// smallCompare matches x < limit, x <= limit, limit > x and limit >= x.
func smallCompare(e ast.Expr) (x, limit ast.Expr, ok bool) {
	b, isBin := ast.Unparen(e).(*ast.BinaryExpr)
	if !isBin {
		return nil, nil, false
	}
	switch b.Op {
	case token.LSS, token.LEQ:
		return b.X, b.Y, true
	case token.GTR, token.GEQ:
		return b.Y, b.X, true
	}
	return nil, nil, false
}

// checkSmallOnly reports an if statement that uses a Retry-After value only
// when it is below a limit and substitutes a shorter wait otherwise.
func (c *checker) checkSmallOnly(file *ast.File, f *flow.Func, ifs *ast.IfStmt, stack []ast.Node) {
	info := c.pass.TypesInfo
	var cmp, limit ast.Expr
	for _, e := range operands(ifs.Cond, token.LAND) {
		if cx, cl, ok := smallCompare(e); ok && c.derived(f, cx) && !c.derived(f, cl) && !isConstNonPositive(info, cl) && !rangeLimit(info, cl) {
			cmp, limit = e, cl
			break
		}
	}
	if cmp == nil || !c.substitutes(f, ifs, stack) {
		return
	}
	if c.dry != nil {
		*c.dry = true // a helper's Caps need no fix
		return
	}
	src := fixes.Source(c.pass, ifs.Pos())
	if src == nil {
		return
	}
	// Parentheses around the comparison stay balanced only when the
	// comparison is written bare.
	if _, paren := findParen(ifs.Cond, cmp); paren {
		return
	}
	x, _, _ := smallCompare(cmp)
	guard, imports, giveUp := c.smallGuard(file, stack, ifs, cmp, x, limit, src)
	var edits []analysis.TextEdit
	parts := operands(ifs.Cond, token.LAND)
	i := slices.Index(parts, cmp)
	switch {
	case len(parts) > 1:
		edits = append(edits, removeOperand(parts, i))
		if giveUp {
			// The give-up opens the body, which now runs for every wait.
			// After the line of the brace, so that a comment there stays.
			at := fixes.LineEnd(c.pass.Fset, src, ifs.Body.Lbrace)
			if at >= ifs.Body.List[0].Pos() {
				return // the body starts on the brace's line
			}
			indent := fixes.Indent(c.pass.Fset, src, ifs.Body.List[0].Pos())
			edits = append(edits, analysis.TextEdit{Pos: at, End: at, NewText: []byte("\n" + strings.TrimSuffix(indentLines(guard, indent), "\n"))})
		}
	default:
		if e, ok := c.unwrap(ifs, stack, src, guard); ok {
			edits = append(edits, e)
		} else if !giveUp {
			edits = append(edits, analysis.TextEdit{Pos: ifs.Cond.Pos(), End: ifs.Cond.End(), NewText: []byte("true")})
		} else {
			return
		}
	}
	fix := analysis.SuggestedFix{
		Message:   "Honour the Retry-After wait whatever its length (the function cannot return an error to give up)",
		TextEdits: edits,
	}
	if giveUp {
		fix = analysis.SuggestedFix{
			Message:   "Return an error when the Retry-After wait exceeds the limit instead of using a shorter wait",
			TextEdits: append(edits, imports...),
		}
	}
	c.report(analysis.Diagnostic{
		Pos:            cmp.Pos(),
		End:            cmp.End(),
		Message:        fmt.Sprintf("Retry-After is honoured only below %s and a shorter wait is used otherwise (the client retries before the server allows)", types.ExprString(limit)),
		SuggestedFixes: []analysis.SuggestedFix{fix},
	})
}

// smallGuard returns the statement that gives up when the server's wait x
// is not below limit (the negation of cmp), where the enclosing function
// can return an error and x and limit can be written at the top of the
// if statement's body. ok is false otherwise: the fix then honours the wait.
func (c *checker) smallGuard(file *ast.File, stack []ast.Node, ifs *ast.IfStmt, cmp, x, limit ast.Expr, src []byte) (guard string, imports []analysis.TextEdit, ok bool) {
	info := c.pass.TypesInfo
	_, ft := fixes.EnclosingFunc(stack)
	if !fixes.ReturnsError(info, ft) || !fixes.Pure(info, x) || !fixes.Pure(info, limit) {
		return "", nil, false
	}
	at := ifs.Body.Lbrace + 1
	if !fixes.VisibleAt(info, file, x, at) || !fixes.VisibleAt(info, file, limit, at) {
		return "", nil, false
	}
	ret, imports, ok := c.errorReturn(file, ft, at, x, limit, src)
	if !ok {
		return "", nil, false
	}
	// x < limit gives up on x >= limit; x <= limit on x > limit.
	op := ">="
	if b := ast.Unparen(cmp).(*ast.BinaryExpr); b.Op == token.LEQ || b.Op == token.GEQ {
		op = ">"
	}
	return fmt.Sprintf("if %s %s %s {\n\t%s\n}\n", fixes.Text(c.pass.Fset, src, x), op, fixes.Text(c.pass.Fset, src, limit), ret), imports, true
}

// indentLines indents every line of text by indent.
func indentLines(text, indent string) string {
	var b strings.Builder
	for line := range strings.SplitSeq(strings.TrimSuffix(text, "\n"), "\n") {
		b.WriteString(indent + line + "\n")
	}
	return b.String()
}

// findParen reports whether target appears wrapped in parentheses in e.
func findParen(e, target ast.Expr) (ast.Expr, bool) {
	found := false
	ast.Inspect(e, func(n ast.Node) bool {
		if p, ok := n.(*ast.ParenExpr); ok && ast.Unparen(p) == target {
			found = true
		}
		return !found
	})
	return nil, found
}

// substitutes reports whether the path not taken by ifs (its else branch,
// or what follows it when its body returns) puts a wait that does not
// derive from Retry-After in the place where the body puts the Retry-After
// value.
func (c *checker) substitutes(f *flow.Func, ifs *ast.IfStmt, stack []ast.Node) bool {
	info := c.pass.TypesInfo
	body := ifs.Body.List
	if len(body) == 0 {
		return false
	}
	shorter := func(e ast.Expr) bool {
		return !c.derived(f, e) && !isConstNonPositive(info, e) && !analysisutil.IsNil(info, e)
	}
	// Return shape: if small { return ra }; ...; return backoff
	if ret, ok := body[len(body)-1].(*ast.ReturnStmt); ok && ifs.Else == nil {
		idx := -1
		for i, r := range ret.Results {
			if c.derived(f, r) {
				idx = i
				break
			}
		}
		if idx < 0 {
			return false
		}
		next := followingReturn(stack, ifs)
		if next == nil || len(next.Results) != len(ret.Results) {
			return false
		}
		_, ft := fixes.EnclosingFunc(stack)
		if fixes.ReturnsError(info, ft) && !analysisutil.IsNil(info, next.Results[len(next.Results)-1]) {
			return false // the other path gives up
		}
		return shorter(next.Results[idx])
	}
	// Assignment shapes: the body assigns ra to w, and either the else
	// branch or the statement just before the if assigns w a wait of its own.
	var w *types.Var
	for _, s := range body {
		if as, ok := s.(*ast.AssignStmt); ok && len(as.Lhs) == 1 && len(as.Rhs) == 1 && c.derived(f, as.Rhs[0]) {
			if id, ok := as.Lhs[0].(*ast.Ident); ok {
				w, _ = info.ObjectOf(id).(*types.Var)
			}
		}
	}
	if w == nil {
		return false
	}
	assignsShorter := func(s ast.Stmt) bool {
		switch s := s.(type) {
		case *ast.AssignStmt:
			if len(s.Lhs) == 1 && len(s.Rhs) == 1 {
				if id, ok := s.Lhs[0].(*ast.Ident); ok && info.ObjectOf(id) == w {
					return shorter(s.Rhs[0])
				}
			}
		case *ast.DeclStmt:
			if gd, ok := s.Decl.(*ast.GenDecl); ok && len(gd.Specs) == 1 {
				if vs, ok := gd.Specs[0].(*ast.ValueSpec); ok && len(vs.Names) == 1 && len(vs.Values) == 1 && info.Defs[vs.Names[0]] == w {
					return shorter(vs.Values[0])
				}
			}
		}
		return false
	}
	if ifs.Else != nil {
		eb, ok := ifs.Else.(*ast.BlockStmt)
		return ok && slices.ContainsFunc(eb.List, assignsShorter)
	}
	prev := previousStmt(stack, ifs)
	return prev != nil && assignsShorter(prev)
}

// unwrap returns the edit that replaces an if statement whose whole
// condition is the limit by its body: the else branch, or the statements
// up to the fallback return that the body's return makes unreachable, go
// with it. prefix, when not empty, is put before the body's statements.
// ok is false when the body cannot be moved as text.
func (c *checker) unwrap(ifs *ast.IfStmt, stack []ast.Node, src []byte, prefix string) (analysis.TextEdit, bool) {
	if ifs.Init != nil {
		return analysis.TextEdit{}, false
	}
	tf := c.pass.Fset.File(ifs.Pos())
	body := string(src[tf.Offset(ifs.Body.Lbrace)+1 : tf.Offset(ifs.Body.Rbrace)])
	raw := false
	ast.Inspect(ifs.Body, func(n ast.Node) bool {
		if lit, ok := n.(*ast.BasicLit); ok && lit.Kind == token.STRING && strings.HasPrefix(lit.Value, "`") {
			raw = true
		}
		return !raw
	})
	if raw {
		return analysis.TextEdit{}, false // a raw string would be re-indented
	}
	end := ifs.End()
	if _, returns := ifs.Body.List[len(ifs.Body.List)-1].(*ast.ReturnStmt); returns && ifs.Else == nil {
		list := blockList(stack[len(stack)-1])
		i := slices.Index(list, ast.Stmt(ifs))
		next := followingReturn(stack, ifs)
		j := slices.Index(list, ast.Stmt(next))
		if i < 0 || j < 0 {
			return analysis.TextEdit{}, false
		}
		for _, dead := range list[i+1 : j] {
			if _, labelled := dead.(*ast.LabeledStmt); labelled {
				return analysis.TextEdit{}, false // a goto may still reach it
			}
		}
		end = next.End()
	}
	var lines []string
	if prefix != "" {
		indent := fixes.Indent(c.pass.Fset, src, ifs.Pos())
		lines = append(lines, strings.Split(strings.TrimSuffix(indentLines(prefix, indent), "\n"), "\n")...)
	}
	first := true
	for line := range strings.SplitSeq(strings.Trim(body, "\n"), "\n") {
		if first && prefix != "" && strings.HasPrefix(line, " ") {
			// A comment that followed the brace gets a line of its own.
			line = "\t" + fixes.Indent(c.pass.Fset, src, ifs.Pos()) + strings.TrimSpace(line)
		}
		first = false
		lines = append(lines, strings.TrimPrefix(line, "\t"))
	}
	text := strings.TrimSpace(strings.Join(lines, "\n"))
	return analysis.TextEdit{Pos: ifs.Pos(), End: end, NewText: []byte(text)}, true
}
