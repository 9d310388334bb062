package retryafter

// This file holds the parse checks: a Retry-After value parsed in one form
// only, and a parse error dropped so that a malformed value becomes a
// zero wait.

import (
	"fmt"
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"slices"
	"sort"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/retrylint/retrylint/internal/analysisutil"
	"github.com/retrylint/retrylint/internal/fixes"
	"github.com/retrylint/retrylint/internal/flow"
	"github.com/retrylint/retrylint/internal/httpmodel"
)

// A parse is a call that parses a header value: as seconds, as an
// HTTP-date, or (a helper) in both forms.
type parse struct {
	call    *ast.CallExpr
	arg     ast.Expr
	seconds bool
	date    bool
	// via is the function whose parameter is parsed, for helpers; nil for
	// the standard parsers.
	via *types.Func
}

var secondsParsers = map[string][]string{
	"strconv": {"Atoi", "ParseInt", "ParseUint", "ParseFloat"},
	"time":    {"ParseDuration"},
}

// parses returns what call parses: a standard seconds or date parser, or a
// function whose fact says it parses one of its parameters.
func (c *checker) parses(f *flow.Func, call *ast.CallExpr) []parse {
	info := c.pass.TypesInfo
	fn := httpmodel.Callee(info, call)
	if fn == nil || len(call.Args) == 0 {
		return nil
	}
	if scansNumber(info, fn, call) {
		return []parse{{call: call, arg: call.Args[0], seconds: true}}
	}
	if arg, date, ok := stdParser(fn); ok {
		if arg >= len(call.Args) {
			return nil
		}
		return []parse{{call: call, arg: call.Args[arg], seconds: !date, date: date}}
	}
	fact := c.fact(fn)
	if fact == nil || fact.Date|fact.Seconds == 0 {
		return nil
	}
	var out []parse
	for i, a := range call.Args {
		p := parse{call: call, arg: a, via: fn, seconds: fact.Seconds&flow.Param(i) != 0, date: fact.Date&flow.Param(i) != 0}
		if p.seconds || p.date {
			out = append(out, p)
		}
	}
	return out
}

// stdParser reports whether fn is a standard parser of seconds or dates,
// and which of its arguments it parses.
func stdParser(fn *types.Func) (arg int, date, ok bool) {
	if fn.Pkg() == nil {
		return 0, false, false
	}
	names, seconds := secondsParsers[fn.Pkg().Path()]
	switch {
	case seconds && httpmodel.IsPkgFunc(fn, fn.Pkg().Path(), names...):
		return 0, false, true
	case httpmodel.IsPkgFunc(fn, "net/http", "ParseTime"):
		return 0, true, true
	case httpmodel.IsPkgFunc(fn, "time", "Parse", "ParseInLocation"):
		return 1, true, true
	}
	return 0, false, false
}

func isStdParser(fn *types.Func) bool {
	_, _, ok := stdParser(fn)
	return ok || httpmodel.IsPkgFunc(fn, "fmt", "Sscanf", "Sscan")
}

// scansNumber reports whether call scans its first argument as one
// number: fmt.Sscanf(v, "%d", &n) (a single numeric verb) or
// fmt.Sscan(v, &n) into a number.
func scansNumber(info *types.Info, fn *types.Func, call *ast.CallExpr) bool {
	var dest ast.Expr
	switch {
	case httpmodel.IsPkgFunc(fn, "fmt", "Sscanf") && len(call.Args) == 3:
		format, ok := httpmodel.ConstString(info, call.Args[1])
		if !ok || !slices.Contains([]string{"%d", "%f", "%g", "%v", "%e"}, strings.TrimSpace(format)) {
			return false
		}
		dest = call.Args[2]
	case httpmodel.IsPkgFunc(fn, "fmt", "Sscan") && len(call.Args) == 2:
		dest = call.Args[1]
	default:
		return false
	}
	ptr, ok := info.TypeOf(dest).(*types.Pointer)
	return ok && isNumeric(ptr.Elem())
}

// checkDroppedError reports n, _ := strconv.Atoi(ra) and its kin when the
// zero that a malformed value gives is used as the wait.
func (c *checker) checkDroppedError(file *ast.File, f *flow.Func, as *ast.AssignStmt, stack []ast.Node) {
	if len(as.Lhs) != 2 || len(as.Rhs) != 1 {
		return
	}
	blank, ok := as.Lhs[1].(*ast.Ident)
	if !ok || blank.Name != "_" {
		return
	}
	call, ok := ast.Unparen(as.Rhs[0]).(*ast.CallExpr)
	if !ok {
		return
	}
	var p *parse
	for _, q := range c.parses(f, call) {
		if q.via == nil && c.derived(f, q.arg) {
			p = &q
			break
		}
	}
	if p == nil {
		return
	}
	info := c.pass.TypesInfo
	val, _ := ast.Unparen(as.Lhs[0]).(*ast.Ident)
	if val == nil {
		return
	}
	if v, ok := info.ObjectOf(val).(*types.Var); ok && comparedWithConstant(info, stack, v, p.date) {
		return // a zero or out-of-range value is told apart from a real wait
	}
	stmt, _ := fixes.StmtInBlock(append(slices.Clone(stack), as))
	if stmt != ast.Stmt(as) {
		return
	}
	_, ft := fixes.EnclosingFunc(stack)
	results := fixes.ResultTypes(info, ft)
	if len(results) == 0 {
		return
	}
	last := results[len(results)-1]
	var failure string
	switch {
	case fixes.ReturnsError(info, ft):
	case types.Identical(last, types.Typ[types.Bool]):
		failure = "false"
	case isNilable(last):
		failure = "nil" // no value, for the caller to fall back on
	default:
		// No way to hand the failure to the caller's backoff, but
		// the function's own, when the parse ends a branch that
		// otherwise falls through to it.
		c.dropFallThrough(file, f, as, blank, call, val, p, stack)
		return
	}
	errName := "err"
	if as.Tok == token.ASSIGN {
		_, obj := info.Scopes[file].Innermost(as.Pos()).LookupParent("err", as.Pos())
		v, ok := obj.(*types.Var)
		if !ok || !analysisutil.IsError(v.Type()) {
			return
		}
	} else if obj := info.Scopes[file].Innermost(as.Pos()).Lookup("err"); obj != nil {
		if v, ok := obj.(*types.Var); !ok || !analysisutil.IsError(v.Type()) {
			return
		}
	}
	if failure == "" {
		failure = errName
	}
	ret, ok := fixes.Return(info, c.pass.Pkg, file, ft, failure)
	if !ok {
		return
	}
	src := fixes.Source(c.pass, as.Pos())
	if src == nil {
		return
	}
	indent := fixes.Indent(c.pass.Fset, src, as.Pos())
	eol := fixes.LineEnd(c.pass.Fset, src, as.End())
	cond := errName + " != nil"
	fn := httpmodel.Callee(info, call)
	header := c.droppedHeader(f, p)
	check := ""
	var imports []analysis.TextEdit
	if v, ok := info.ObjectOf(val).(*types.Var); ok && c.signUnchecked(f, p, fn, fnNodeOf(stack), v) {
		if failure != errName {
			cond += " || " + val.Name + " < 0"
		} else {
			// The parse succeeded, so err is nil: the negative value
			// needs an error of its own, or the caller retries at once.
			errorsName, imp, ok := fixes.Import(info, c.pass.Pkg, file, "errors", as.Pos())
			if !ok {
				return
			}
			neg, ok := fixes.Return(info, c.pass.Pkg, file, ft, fmt.Sprintf("%s.New(%q)", errorsName, "negative "+header+" value"))
			if !ok {
				return
			}
			imports = imp
			check = fmt.Sprintf("\n%sif %s < 0 {\n%s\t%s\n%s}", indent, val.Name, indent, neg, indent)
		}
	}
	check = fmt.Sprintf("\n%sif %s {\n%s\t%s\n%s}", indent, cond, indent, ret, indent) + check
	c.pass.Report(analysis.Diagnostic{
		Pos:     blank.Pos(),
		End:     blank.End(),
		Message: droppedMessage(fn, header),
		SuggestedFixes: []analysis.SuggestedFix{{
			Message: fmt.Sprintf("Return the parse error so that a malformed %s falls back to backoff", header),
			TextEdits: append(imports,
				analysis.TextEdit{Pos: blank.Pos(), End: blank.End(), NewText: []byte(errName)},
				analysis.TextEdit{Pos: eol, End: eol, NewText: []byte(check)},
			),
		}},
	})
}

// comparedWithConstant reports whether the function compares v with a
// constant (n > 0, n == 0) or, for a time, asks IsZero: the code then tells
// a malformed value apart from a real wait. A test of the sign alone (n <
// 0, n >= 0) does not: the zero of a malformed value passes it.
func comparedWithConstant(info *types.Info, stack []ast.Node, v *types.Var, date bool) bool {
	fnNode, _ := fixes.EnclosingFunc(stack)
	if fnNode == nil {
		return false
	}
	found := false
	isV := func(e ast.Expr) bool {
		id, ok := ast.Unparen(e).(*ast.Ident)
		return ok && info.Uses[id] == v
	}
	ast.Inspect(fnNode, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.BinaryExpr:
			switch n.Op {
			case token.EQL, token.NEQ, token.LSS, token.LEQ, token.GTR, token.GEQ:
				if (isV(n.X) && info.Types[n.Y].Value != nil) || (isV(n.Y) && info.Types[n.X].Value != nil) {
					found = !signOnly(info, n)
				}
			}
		case *ast.CallExpr:
			if sel, ok := ast.Unparen(n.Fun).(*ast.SelectorExpr); ok && date && sel.Sel.Name == "IsZero" && isV(sel.X) {
				found = true
			}
		}
		return !found
	})
	return found
}

// convertDateFix is the fix of a value parsed as seconds only where the
// parsing helper cannot be used (the call of a helper that parses its
// parameter as seconds, a parser whose arguments the helper does not take,
// a second file of the package): an HTTP-date is turned into the seconds
// left until it before the parse. ok is false when no such fix is at hand.
func (c *checker) convertDateFix(file *ast.File, f *flow.Func, p parse, stack []ast.Node) ([]analysis.TextEdit, bool) {
	info := c.pass.TypesInfo
	src := fixes.Source(c.pass, p.call.Pos())
	if src == nil {
		return nil, false
	}
	// The string to convert: the Retry-After operand of the argument.
	s := p.arg
	for {
		b, ok := ast.Unparen(s).(*ast.BinaryExpr)
		if !ok || b.Op != token.ADD {
			break
		}
		if c.derived(f, b.X) {
			s = b.X
		} else {
			s = b.Y
		}
	}
	s = ast.Unparen(s)
	if t, ok := info.Types[s]; !ok || !types.Identical(t.Type.Underlying(), types.Typ[types.String]) {
		return nil, false
	}
	stmt, _ := fixes.StmtInBlock(stack)
	if stmt == nil {
		return nil, false
	}
	switch st := stmt.(type) {
	case *ast.AssignStmt, *ast.ExprStmt, *ast.DeclStmt, *ast.ReturnStmt:
	case *ast.IfStmt:
		if !inside(p.call, st.Init) && !inside(p.call, st.Cond) {
			return nil, false
		}
	case *ast.SwitchStmt:
		if !inside(p.call, st.Init) && !inside(p.call, st.Tag) {
			return nil, false
		}
	default:
		return nil, false
	}
	pos := stmt.Pos()
	indent := fixes.Indent(c.pass.Fset, src, pos)
	names, edits, ok := fixes.ImportAll(info, c.pass.Pkg, file, pos, "net/http", "strconv", "time")
	if !ok {
		return nil, false
	}
	httpName, strconvName, timeName := names["net/http"], names["strconv"], names["time"]
	var pre strings.Builder
	target := ""
	if id, ok := s.(*ast.Ident); ok && isLocalVar(info, id) && fixes.VisibleAt(info, file, id, pos) {
		target = id.Name
	} else {
		if !fixes.VisibleAt(info, file, s, pos) {
			return nil, false
		}
		target = fixes.FreeName(info, file, "retryAfterValue", nil, pos)
		fmt.Fprintf(&pre, "%s := %s\n%s", target, fixes.Text(c.pass.Fset, src, s), indent)
		edits = append(edits, analysis.TextEdit{Pos: s.Pos(), End: s.End(), NewText: []byte(target)})
	}
	// The date and the wait get names that shadow nothing the statement
	// after them uses.
	taken := map[string]bool{target: true}
	tName := fixes.FreeName(info, file, "t", taken, pos)
	dName := fixes.FreeName(info, file, "d", taken, pos)
	fmt.Fprintf(&pre, "if %[1]s, err := %[3]s.ParseTime(%[2]s); err == nil {\n"+
		"%[6]s\t%[2]s = \"0\"\n"+
		"%[6]s\tif %[7]s := %[5]s.Until(%[1]s); %[7]s > 0 {\n"+
		"%[6]s\t\t%[2]s = %[4]s.FormatInt(int64((%[7]s+%[5]s.Second-1)/%[5]s.Second), 10)\n"+
		"%[6]s\t}\n"+
		"%[6]s}\n%[6]s",
		tName, target, httpName, strconvName, timeName, indent, dName)
	edits = append(edits, analysis.TextEdit{Pos: pos, End: pos, NewText: []byte(pre.String())})
	sort.SliceStable(edits, func(i, j int) bool { return edits[i].Pos < edits[j].Pos })
	return edits, true
}

// signOnly reports whether b is x < 0 or x >= 0 (or mirrored): a test
// that a zero passes as a real value does.
func signOnly(info *types.Info, b *ast.BinaryExpr) bool {
	zero := func(e ast.Expr) bool {
		tv := info.Types[e]
		return tv.Value != nil && (tv.Value.Kind() == constant.Int || tv.Value.Kind() == constant.Float) && constant.Sign(tv.Value) == 0
	}
	switch {
	case zero(b.Y):
		return b.Op == token.LSS || b.Op == token.GEQ
	case zero(b.X):
		return b.Op == token.GTR || b.Op == token.LEQ
	}
	return false
}

// dropFallThrough reports a parse whose error is dropped in a function
// that returns the wait alone, when the parse and the return of the
// wait end a branch after which the function computes its own wait:
//
//	if v := resp.Header.Get("Retry-After"); v != "" {
//		secs, _ := strconv.Atoi(v)
//		return time.Duration(secs) * time.Second
//	}
//	return backoff(attempt)
//
// The fix returns the server's wait only when it parsed (and is not
// negative), so that a malformed value falls through to the backoff:
//
//	if secs, err := strconv.Atoi(v); err == nil && secs >= 0 {
//		return time.Duration(secs) * time.Second
//	}
func (c *checker) dropFallThrough(file *ast.File, f *flow.Func, as *ast.AssignStmt, blank ast.Expr, call *ast.CallExpr, val *ast.Ident, p *parse, stack []ast.Node) {
	info := c.pass.TypesInfo
	if as.Tok != token.DEFINE || len(stack) < 3 {
		return
	}
	// as and a return are the whole rest of an if's body (no else),
	// and that if is a statement of the function's body.
	body, ok := stack[len(stack)-1].(*ast.BlockStmt)
	if !ok {
		return
	}
	ifs, ok := stack[len(stack)-2].(*ast.IfStmt)
	if !ok || ifs.Body != body || ifs.Else != nil {
		return
	}
	fn := fnNodeOf(stack)
	_, fnBody := flow.FuncParts(fn)
	if fnBody == nil || stack[len(stack)-3] != fnBody || fnBody.List[len(fnBody.List)-1] == ast.Stmt(ifs) {
		return
	}
	// What follows the if gives a wait: the function ends in a return
	// of a value that is not a constant zero (return 0 would keep the
	// zero wait, a panic would crash on a malformed value).
	last, ok := fnBody.List[len(fnBody.List)-1].(*ast.ReturnStmt)
	if !ok || len(last.Results) != 1 {
		return
	}
	if cv := info.Types[last.Results[0]].Value; cv != nil && constant.Sign(cv) == 0 {
		return
	}
	i := slices.Index(body.List, ast.Stmt(as))
	if i < 0 || i != len(body.List)-2 {
		return
	}
	ret, ok := body.List[i+1].(*ast.ReturnStmt)
	if !ok {
		return
	}
	v, _ := info.Defs[val].(*types.Var)
	if v == nil {
		return
	}
	if mentionsName(ret, "err") || mentionsName(call, "err") {
		return
	}
	src := fixes.Source(c.pass, as.Pos())
	if src == nil {
		return
	}
	header := c.droppedHeader(f, p)
	fn2 := httpmodel.Callee(info, call)
	cond := "err == nil"
	if c.signUnchecked(f, p, fn2, fn, v) {
		cond += " && " + val.Name + " >= 0"
	}
	indent := fixes.Indent(c.pass.Fset, src, as.Pos())
	// The parse becomes the if's header and the return its body, one
	// tab further in; the lines between (comments) move with it.
	tf := c.pass.Fset.File(as.Pos())
	head := fmt.Sprintf("if %s, err := %s; %s {", val.Name, fixes.Text(c.pass.Fset, src, as.Rhs[0]), cond)
	edits := []analysis.TextEdit{{Pos: as.Pos(), End: as.End(), NewText: []byte(head)}}
	for line := tf.Line(as.Pos()) + 1; line <= tf.Line(ret.End()); line++ {
		start := tf.LineStart(line)
		if off := tf.Offset(start); off < len(src) && src[off] != '\n' {
			edits = append(edits, analysis.TextEdit{Pos: start, End: start, NewText: []byte("\t")})
		}
	}
	edits = append(edits, analysis.TextEdit{Pos: ret.End(), End: ret.End(), NewText: []byte("\n" + indent + "}")})
	c.pass.Report(analysis.Diagnostic{
		Pos:     blank.Pos(),
		End:     blank.End(),
		Message: droppedMessage(fn2, header),
		SuggestedFixes: []analysis.SuggestedFix{{
			Message:   fmt.Sprintf("Return the server's wait only when it parses, so that a malformed %s falls back to backoff", header),
			TextEdits: edits,
		}},
	})
}

// droppedHeader names the header whose value the parse p reads, for the
// message of a dropped error: a rate limit reset (whose zero is epoch 0,
// a reset long past, or no time until it), or Retry-After.
func (c *checker) droppedHeader(f *flow.Func, p *parse) string {
	if c.headerName(f, p.arg) == "rate limit reset" {
		return "rate limit reset"
	}
	return "Retry-After"
}

// droppedMessage is the message of a parse error of fn dropped.
func droppedMessage(fn *types.Func, header string) string {
	return fmt.Sprintf("the error of %s.%s on a %s value is dropped (a malformed value becomes a zero wait and the client retries at once)", fn.Pkg().Name(), fn.Name(), header)
}

// signUnchecked reports whether v, the value that fn parses (p) in the
// function fnNode, may be negative and is not checked for its sign there:
// a negative value is malformed too (checkRange); a reset's sign tells
// nothing.
func (c *checker) signUnchecked(f *flow.Func, p *parse, fn *types.Func, fnNode ast.Node, v *types.Var) bool {
	return signedParser(fn) && f.Expr(p.arg)&tagReset == 0 && !signChecked(c.pass.TypesInfo, fnNode, v)
}

// mentionsName reports whether an identifier spelled name occurs in n.
func mentionsName(n ast.Node, name string) bool {
	found := false
	ast.Inspect(n, func(m ast.Node) bool {
		if id, ok := m.(*ast.Ident); ok && id.Name == name {
			found = true
		}
		return !found
	})
	return found
}
