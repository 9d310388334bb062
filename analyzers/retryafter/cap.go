package retryafter

// This file holds the cap check: min(ra, limit), math.Min and
// if ra > limit { ra = limit } in their forms, and the give-up fix.

import (
	"fmt"
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"math"
	"slices"
	"time"

	"golang.org/x/tools/go/analysis"

	"github.com/retrylint/retrylint/internal/analysisutil"
	"github.com/retrylint/retrylint/internal/fixes"
	"github.com/retrylint/retrylint/internal/flow"
)

// isMin reports whether call is the builtin min or math.Min, and how the
// call names it for messages.
func (c *checker) isMin(call *ast.CallExpr) (string, bool) {
	switch {
	case analysisutil.IsBuiltinCall(c.pass.TypesInfo, call, "min"):
		return "min", true
	case isMinMax(c.pass.TypesInfo, call, "min"):
		return fixes.Text(c.pass.Fset, fixes.Source(c.pass, call.Pos()), call.Fun), true
	}
	return "", false
}

// checkMinCall reports min(ra, limit) and math.Min(ra, limit).
func (c *checker) checkMinCall(file *ast.File, f *flow.Func, call *ast.CallExpr, stack []ast.Node) {
	name, ok := c.isMin(call)
	if !ok {
		return
	}
	info := c.pass.TypesInfo
	var ra ast.Expr
	var limits []ast.Expr
	for _, a := range call.Args {
		if c.derived(f, a) {
			if ra != nil {
				return // two Retry-After values: not a cap we understand
			}
			ra = a
		} else {
			limits = append(limits, a)
		}
	}
	if ra == nil || len(limits) == 0 {
		return
	}
	for _, l := range limits {
		if isConstNonPositive(info, l) {
			return
		}
	}
	src := fixes.Source(c.pass, call.Pos())
	if src == nil {
		return
	}
	remove := []analysis.TextEdit{{Pos: call.Pos(), End: call.End(), NewText: []byte(fixes.Format(c.pass.Fset, ra))}}
	if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok {
		remove = append(remove, fixes.DeleteImportIfUnused(c.pass.Fset, src, info, file, sel, call)...)
	}
	if len(limits) == 1 && c.guarded(file, f, ra, limits[0]) {
		return // the server's wait gave up above the limit: min bounds the client's own backoff
	}
	fix := c.capFix(file, f, stack, call, ra, limits, src, remove)
	c.report(analysis.Diagnostic{
		Pos:            call.Pos(),
		End:            call.End(),
		Message:        fmt.Sprintf("Retry-After is capped by %s(...) (the client retries before the server allows); stop when it exceeds the limit instead", name),
		SuggestedFixes: []analysis.SuggestedFix{fix},
	})
}

// capFix builds the fix of a cap: when the capped variable holds the
// client's own backoff on some paths, give up where the server's wait is
// assigned and keep the cap (splitFix); otherwise, when the function can
// return an error and the values can be compared where the cap is, give up
// when the server asks for more than the limit; otherwise honour the
// server's wait. remove holds the edits that take the cap away.
func (c *checker) capFix(file *ast.File, f *flow.Func, stack []ast.Node, at ast.Node, ra ast.Expr, limits []ast.Expr, src []byte, remove []analysis.TextEdit) analysis.SuggestedFix {
	if c.dry != nil {
		return analysis.SuggestedFix{} // a helper's Caps need no fix
	}
	if len(limits) == 1 {
		if fix, ok := c.funcValueFix(file, f, stack, ra, limits[0], src); ok {
			return fix
		}
		if split, ok := c.splitFix(file, f, stack, ra, limits[0], src, remove); ok {
			return split
		}
	}
	honour := analysis.SuggestedFix{
		Message:   "Remove the cap so that the server's Retry-After wait is honoured",
		TextEdits: append(slices.Clone(remove), c.unusedAfter(stack, src, remove)...),
	}
	if giveUp, ok := c.giveUpFix(file, stack, at, ra, limits, src, remove); ok {
		return giveUp
	}
	return honour
}

// unusedAfter returns the edits that delete the declarations of the
// locals of the function enclosing stack that only the text remove
// deletes reads (the limit of a cap removed).
func (c *checker) unusedAfter(stack []ast.Node, src []byte, remove []analysis.TextEdit) []analysis.TextEdit {
	var body *ast.BlockStmt
	switch fn, _ := fixes.EnclosingFunc(stack); fn := fn.(type) {
	case *ast.FuncDecl:
		body = fn.Body
	case *ast.FuncLit:
		body = fn.Body
	}
	return fixes.LocalsLeftUnused(c.pass.Fset, src, c.pass.TypesInfo, body, remove)
}

func (c *checker) giveUpFix(file *ast.File, stack []ast.Node, at ast.Node, ra ast.Expr, limits []ast.Expr, src []byte, remove []analysis.TextEdit) (analysis.SuggestedFix, bool) {
	info := c.pass.TypesInfo
	_, ft := fixes.EnclosingFunc(stack)
	if !fixes.ReturnsError(info, ft) || len(limits) != 1 || !fixes.Pure(info, ra) || !fixes.Pure(info, limits[0]) {
		return analysis.SuggestedFix{}, false
	}
	stmt, _ := fixes.StmtInBlock(stack)
	if stmt == nil {
		return analysis.SuggestedFix{}, false
	}
	switch stmt.(type) {
	case *ast.AssignStmt, *ast.ReturnStmt, *ast.ExprStmt, *ast.DeclStmt, *ast.IfStmt, *ast.SwitchStmt:
	default:
		return analysis.SuggestedFix{}, false
	}
	if _, isIf := at.(*ast.IfStmt); !isIf {
		if !fixes.VisibleAt(info, file, ra, stmt.Pos()) || !fixes.VisibleAt(info, file, limits[0], stmt.Pos()) {
			return analysis.SuggestedFix{}, false
		}
	}
	ret, imports, ok := c.errorReturn(file, ft, stmt.Pos(), ra, limits[0], src)
	if !ok {
		return analysis.SuggestedFix{}, false
	}
	indent := fixes.Indent(c.pass.Fset, src, stmt.Pos())
	var edits []analysis.TextEdit
	if ifs, isIf := at.(*ast.IfStmt); isIf {
		// if ra > limit { ra = limit }  =>  if ra > limit { return ..., err }
		// (the last statement: a log line before it stays)
		body := ifs.Body.List[len(ifs.Body.List)-1]
		edits = append(edits, analysis.TextEdit{Pos: body.Pos(), End: body.End(), NewText: []byte(ret)})
	} else {
		cond := fmt.Sprintf("if %s > %s {\n%s\t%s\n%s}\n%s",
			fixes.Text(c.pass.Fset, src, ra), fixes.Text(c.pass.Fset, src, limits[0]), indent, ret, indent, indent)
		edits = append(edits, analysis.TextEdit{Pos: stmt.Pos(), End: stmt.Pos(), NewText: []byte(cond)})
		edits = append(edits, remove...)
	}
	edits = append(edits, imports...)
	return analysis.SuggestedFix{
		Message:   "Return an error when the Retry-After wait exceeds the limit",
		TextEdits: edits,
	}, true
}

// errorReturn returns the text of a return statement that gives up with an
// error naming the server's wait and the limit.
func (c *checker) errorReturn(file *ast.File, ft *ast.FuncType, pos token.Pos, ra, limit ast.Expr, src []byte) (string, []analysis.TextEdit, bool) {
	info := c.pass.TypesInfo
	fmtName, edits, ok := fixes.Import(info, c.pass.Pkg, file, "fmt", pos)
	if !ok {
		return "", nil, false
	}
	ret, ok := c.errorReturnText(file, ft, fmtName, fixes.Text(c.pass.Fset, src, ra), fixes.Text(c.pass.Fset, src, limit))
	return ret, edits, ok
}

// errorReturnText is errorReturn for the server's wait and the limit as
// text, with fmt imported as fmtName.
func (c *checker) errorReturnText(file *ast.File, ft *ast.FuncType, fmtName, ra, limit string) (string, bool) {
	return fixes.Return(c.pass.TypesInfo, c.pass.Pkg, file, ft, fmt.Sprintf("%s.Errorf(%q, %s, %s)", fmtName,
		errText+": the server asked to wait %v, more than the limit of %v", ra, limit))
}

// capCompare matches x > limit, x >= limit, limit < x and limit <= x and
// returns x and limit.
func capCompare(e ast.Expr) (x, limit ast.Expr, ok bool) {
	b, isBin := ast.Unparen(e).(*ast.BinaryExpr)
	if !isBin {
		return nil, nil, false
	}
	switch b.Op {
	case token.GTR, token.GEQ:
		return b.X, b.Y, true
	case token.LSS, token.LEQ:
		return b.Y, b.X, true
	}
	return nil, nil, false
}

// rangeLimit reports whether limit is a constant of at least 292 years:
// math.MaxInt64/int64(time.Second) for a number (of seconds, or any finer
// unit), that many seconds for a time.Duration. Such a bound tests that
// the value fits a time.Duration (the overflow fix adds one); it is not a
// cap: no server asks for a longer wait.
func rangeLimit(info *types.Info, limit ast.Expr) bool {
	tv := info.Types[limit]
	if tv.Value == nil || tv.Value.Kind() != constant.Int && tv.Value.Kind() != constant.Float {
		return false
	}
	years := int64(math.MaxInt64 / int64(time.Second))
	if isDuration(tv.Type) {
		years *= int64(time.Second)
	}
	return constant.Compare(tv.Value, token.GEQ, constant.MakeInt64(years))
}

// checkIfCap reports if ra > limit { ra = limit }, its mirrored forms, the
// same with other conditions joined by ||, and the return form
// if ra > limit { return limit }; return ra.
func (c *checker) checkIfCap(file *ast.File, f *flow.Func, ifs *ast.IfStmt, stack []ast.Node) {
	if ifs.Init != nil || ifs.Else != nil || len(ifs.Body.List) != 1 {
		return
	}
	info := c.pass.TypesInfo
	parts := operands(ifs.Cond, token.LOR)
	for i, part := range parts {
		// The cap may be one of the conditions joined by && (if limit > 0
		// && ra > limit { ... }), when it is the only alternative.
		var x, limit ast.Expr
		ok := false
		for _, p := range operands(part, token.LAND) {
			if x, limit, ok = capCompare(p); ok && c.derived(f, x) {
				break
			}
		}
		if ok && len(parts) > 1 && len(operands(part, token.LAND)) > 1 {
			continue
		}
		if !ok || !c.derived(f, x) || c.derived(f, limit) || isConstNonPositive(info, limit) || rangeLimit(info, limit) || c.guarded(file, f, x, limit) {
			continue
		}
		var shape string
		switch body := ifs.Body.List[0].(type) {
		case *ast.AssignStmt:
			if body.Tok != token.ASSIGN || len(body.Lhs) != 1 || len(body.Rhs) != 1 || !c.sameStore(f, x, body.Lhs[0]) || !c.sameValue(limit, addressed(body.Rhs[0])) {
				continue
			}
			shape = fmt.Sprintf("if %s > %s { %s = %s }", types.ExprString(x), types.ExprString(limit), types.ExprString(body.Lhs[0]), types.ExprString(body.Rhs[0]))
		case *ast.ReturnStmt:
			// if ra > limit { return limit }; return ra
			next := followingReturn(stack, ifs)
			if next == nil || len(next.Results) != len(body.Results) {
				continue
			}
			idx := slices.IndexFunc(body.Results, func(r ast.Expr) bool { return c.sameValue(limit, r) })
			if idx < 0 || !c.sameVar(x, next.Results[idx]) {
				continue
			}
			shape = fmt.Sprintf("if %s > %s { return %s }", types.ExprString(x), types.ExprString(limit), types.ExprString(limit))
		default:
			continue
		}
		src := fixes.Source(c.pass, ifs.Pos())
		if src == nil {
			return
		}
		var fix analysis.SuggestedFix
		if len(parts) > 1 {
			// The other conditions keep their assignment: only the cap
			// goes.
			rm := []analysis.TextEdit{removeOperand(parts, i)}
			fix = analysis.SuggestedFix{
				Message:   "Remove the cap so that the server's Retry-After wait is honoured",
				TextEdits: append(rm, c.unusedAfter(append(slices.Clone(stack), ifs), src, rm)...),
			}
		} else {
			del, ok := fixes.LineDelete(c.pass.Fset, src, ifs)
			if !ok {
				return
			}
			fix = c.capFix(file, f, append(slices.Clone(stack), ifs), ifs, x, []ast.Expr{limit}, src, []analysis.TextEdit{del})
		}
		c.report(analysis.Diagnostic{
			Pos:            ifs.Pos(),
			End:            ifs.Body.End(),
			Message:        "Retry-After is capped by " + shape + " (the client retries before the server allows); stop when it exceeds the limit instead",
			SuggestedFixes: []analysis.SuggestedFix{fix},
		})
		return
	}
}

// operands returns the operands of a chain of op (&& or ||) in e.
func operands(e ast.Expr, op token.Token) []ast.Expr {
	e = ast.Unparen(e)
	if b, ok := e.(*ast.BinaryExpr); ok && b.Op == op {
		return append(operands(b.X, op), operands(b.Y, op)...)
	}
	return []ast.Expr{e}
}

// removeOperand deletes parts[i] and its operator from the chain parts
// (of at least two operands).
func removeOperand(parts []ast.Expr, i int) analysis.TextEdit {
	if i == 0 {
		return analysis.TextEdit{Pos: parts[0].Pos(), End: parts[1].Pos()}
	}
	return analysis.TextEdit{Pos: parts[i-1].End(), End: parts[i].End()}
}

// addressed returns x for &x, and e otherwise: a cap may store the
// limit's address in a field that points to the wait.
func addressed(e ast.Expr) ast.Expr {
	if u, ok := ast.Unparen(e).(*ast.UnaryExpr); ok && u.Op == token.AND {
		return u.X
	}
	return e
}

// sameStore reports whether lhs is where the compared wait x is kept: the
// same variable, or a field holding the server's wait that x reads
// (itself, through a pointer, or through a method of the same value whose
// result carries the wait, a getter).
func (c *checker) sameStore(f *flow.Func, x, lhs ast.Expr) bool {
	if c.sameVar(x, lhs) {
		return true
	}
	info := c.pass.TypesInfo
	sel, ok := ast.Unparen(lhs).(*ast.SelectorExpr)
	if !ok || !fixes.Pure(info, lhs) {
		return false
	}
	v := flow.FieldOf(info, sel)
	if v == nil || c.fieldBits(v) == 0 {
		return false
	}
	x = ast.Unparen(x)
	if star, ok := x.(*ast.StarExpr); ok {
		x = ast.Unparen(star.X)
	}
	switch x := x.(type) {
	case *ast.SelectorExpr:
		return flow.FieldOf(info, x) == v && types.ExprString(x.X) == types.ExprString(sel.X)
	case *ast.CallExpr:
		m, ok := ast.Unparen(x.Fun).(*ast.SelectorExpr)
		return ok && len(x.Args) == 0 && c.derived(f, x) && types.ExprString(m.X) == types.ExprString(sel.X)
	}
	return false
}
