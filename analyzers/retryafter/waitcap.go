package retryafter

// This file holds the wait helpers of a package that cap the wait they
// are handed before they wait (func (c *Client) backOff(ctx, d) { if d >
// c.MaxWaitTime { d = c.MaxWaitTime }; timer := time.NewTimer(d) ... }):
// a call that hands one the server's wait shortens it as a cap written
// at the call would. The finding is at the call, whose fix gives up
// there when the server asks for more than the helper's limit; the
// helper keeps its cap for the client's own backoff.

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"sort"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/retrylint/retrylint/internal/analysisutil"
	"github.com/retrylint/retrylint/internal/fixes"
	"github.com/retrylint/retrylint/internal/flow"
	"github.com/retrylint/retrylint/internal/httpmodel"
)

// waitCap is what a wait helper does to one of its parameters: it caps
// it by limit, an expression of the helper's body, and waits for it.
type waitCap struct {
	param int
	limit ast.Expr
	decl  *ast.FuncDecl
}

// waitCapOf returns the wait cap of fn, a function of the package: its
// body caps a numeric parameter p from above first thing (if p > limit {
// p = limit }, or p = min(p, limit), as statements of the body itself),
// and then waits for p (time.Sleep(p), time.After(p), time.NewTimer(p)),
// with no result that gives p back (a helper that returns the capped
// value is summarised by its Caps instead). ok is false otherwise.
func (c *checker) waitCapOf(fn *types.Func) (waitCap, bool) {
	if c.waitCaps == nil {
		c.waitCaps = map[*types.Func]*waitCap{}
	}
	if w, done := c.waitCaps[fn]; done {
		if w == nil {
			return waitCap{}, false
		}
		return *w, true
	}
	c.waitCaps[fn] = nil
	f, ok := c.calls.Decl(fn)
	if !ok || f.Decl.Body == nil || f.Decl.Type.Results != nil && f.Decl.Type.Results.NumFields() > 0 && !(f.Decl.Type.Results.NumFields() == 1 && analysisutil.IsError(c.pass.TypesInfo.TypeOf(f.Decl.Type.Results.List[0].Type))) {
		return waitCap{}, false
	}
	info := c.pass.TypesInfo
	for _, st := range f.Decl.Body.List {
		p, limit := capStmt(info, st)
		if p == nil {
			continue
		}
		idx := analysisutil.ParamIndex(fn, p)
		if idx < 0 || !isNumeric(p.Type()) || !waitsFor(info, f.Decl.Body, p, st.End()) {
			continue
		}
		w := &waitCap{param: idx, limit: limit, decl: f.Decl}
		c.waitCaps[fn] = w
		return *w, true
	}
	return waitCap{}, false
}

// capStmt returns the variable that st caps and the limit: if p > limit
// { p = limit } (or limit < p, >=), or p = min(p, limit).
func capStmt(info *types.Info, st ast.Stmt) (*types.Var, ast.Expr) {
	switch st := st.(type) {
	case *ast.IfStmt:
		if st.Init != nil || st.Else != nil || len(st.Body.List) != 1 {
			return nil, nil
		}
		x, limit, ok := capCompare(st.Cond)
		if !ok {
			return nil, nil
		}
		as, ok := st.Body.List[0].(*ast.AssignStmt)
		if !ok || as.Tok != token.ASSIGN || len(as.Lhs) != 1 || len(as.Rhs) != 1 {
			return nil, nil
		}
		v := analysisutil.IdentVar(info, x)
		if v == nil || analysisutil.IdentVar(info, as.Lhs[0]) != v || types.ExprString(as.Rhs[0]) != types.ExprString(limit) {
			return nil, nil
		}
		return v, limit
	case *ast.AssignStmt:
		if st.Tok != token.ASSIGN || len(st.Lhs) != 1 || len(st.Rhs) != 1 {
			return nil, nil
		}
		v := analysisutil.IdentVar(info, st.Lhs[0])
		call, ok := ast.Unparen(st.Rhs[0]).(*ast.CallExpr)
		if v == nil || !ok || len(call.Args) != 2 {
			return nil, nil
		}
		if !analysisutil.IsBuiltinCall(info, call, "min") {
			return nil, nil
		}
		for i, a := range call.Args {
			if analysisutil.IdentVar(info, a) == v {
				return v, call.Args[1-i]
			}
		}
	}
	return nil, nil
}

// waitsFor reports whether body waits for v after from: v is the
// argument of time.Sleep, time.After, time.NewTimer or a Timer's Reset
// there.
func waitsFor(info *types.Info, body *ast.BlockStmt, v *types.Var, from token.Pos) bool {
	found := false
	ast.Inspect(body, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if !ok || found {
			return !found
		}
		fn := httpmodel.Callee(info, call)
		if call.Pos() > from && (httpmodel.IsPkgFunc(fn, "time", "Sleep", "After", "NewTimer") || httpmodel.IsMethod(fn, "time", "Timer", "Reset")) && len(call.Args) == 1 && analysisutil.IdentVar(info, call.Args[0]) == v {
			found = true
		}
		return !found
	})
	return found
}

// checkWaitCapCall reports call, a call of a wait helper of the package
// that caps the parameter the server's wait is handed to.
func (c *checker) checkWaitCapCall(file *ast.File, f *flow.Func, call *ast.CallExpr, stack []ast.Node) {
	if c.dry != nil {
		return
	}
	info := c.pass.TypesInfo
	fn := httpmodel.Callee(info, call)
	if fn == nil || fn.Pkg() != c.pass.Pkg || fn.Signature().Variadic() {
		return
	}
	w, ok := c.waitCapOf(fn.Origin())
	if !ok || w.param >= len(call.Args) {
		return
	}
	ra := call.Args[w.param]
	if !c.derived(f, ra) || !fixes.Pure(info, ra) {
		return
	}
	src := fixes.Source(c.pass, call.Pos())
	if src == nil {
		return
	}
	limit, ok := c.limitAtCall(file, call, w, src)
	if !ok {
		return
	}
	if givesUpAbove(stack, call, ra, limit) {
		return // the server's wait gave up above the limit before the call
	}
	fix, ok := c.giveUpBefore(file, f, stack, ra, limit, src)
	if !ok {
		return
	}
	c.report(analysis.Diagnostic{
		Pos:            call.Pos(),
		End:            call.End(),
		Message:        fmt.Sprintf("Retry-After is capped by %s, which waits at most %s (the client retries before the server allows); stop when it exceeds the limit instead", httpmodel.CalleeName(call), limit),
		SuggestedFixes: []analysis.SuggestedFix{fix},
	})
}

// limitAtCall writes w's limit as the caller can: the helper's receiver
// and parameters replaced by what call hands them, package-level names
// as they are where the call stands. ok is false when the limit reads
// anything else (a local of the helper), or a name the caller cannot
// write there.
func (c *checker) limitAtCall(file *ast.File, call *ast.CallExpr, w waitCap, src []byte) (string, bool) {
	info := c.pass.TypesInfo
	fd := w.decl
	hsrc := fixes.Source(c.pass, fd.Pos())
	if hsrc == nil {
		return "", false
	}
	var recv *types.Var
	if fd.Recv != nil && len(fd.Recv.List) == 1 && len(fd.Recv.List[0].Names) == 1 {
		recv, _ = info.Defs[fd.Recv.List[0].Names[0]].(*types.Var)
	}
	fn, _ := info.Defs[fd.Name].(*types.Func)
	if fn == nil {
		return "", false
	}
	type sub struct {
		start, end int
		text       string
	}
	var subs []sub
	ok := true
	tf := c.pass.Fset.File(w.limit.Pos())
	ast.Inspect(w.limit, func(n ast.Node) bool {
		if !ok {
			return false
		}
		sel, isSel := n.(*ast.SelectorExpr)
		if isSel {
			if _, field := info.Selections[sel]; !field {
				// pkg.Name: written as it is where the caller's file
				// imports the package under the same name.
				id, isID := ast.Unparen(sel.X).(*ast.Ident)
				pn, isPkg := info.Uses[id].(*types.PkgName)
				if !isID || !isPkg {
					ok = false
					return false
				}
				there, isPkgThere := fixes.ObjectAt(info, file, id.Name, call.Pos()).(*types.PkgName)
				if !isPkgThere || there.Imported() != pn.Imported() {
					ok = false
				}
				return false
			}
		}
		id, isID := n.(*ast.Ident)
		if !isID {
			return true
		}
		obj := info.Uses[id]
		var text string
		if v, isVar := obj.(*types.Var); isVar && v.IsField() {
			return true // the field's name, after what it is selected from
		}
		if m, isFunc := obj.(*types.Func); isFunc && m.Signature().Recv() != nil {
			return true // a method's name (c.GetConfig().MaxWaitTime)
		}
		switch {
		case obj == nil:
			return true
		case recv != nil && obj == recv:
			sel, isSel := ast.Unparen(call.Fun).(*ast.SelectorExpr)
			if !isSel || !fixes.Pure(info, sel.X) {
				ok = false
				return false
			}
			text = fixes.Text(c.pass.Fset, src, sel.X)
		case obj.Parent() == c.pass.Pkg.Scope() || obj.Parent() == types.Universe:
			if fixes.ObjectAt(info, file, id.Name, call.Pos()) != obj {
				ok = false // shadowed at the call
			}
			return true
		default:
			v, _ := obj.(*types.Var)
			idx := analysisutil.ParamIndex(fn, v)
			if idx < 0 || idx >= len(call.Args) || !fixes.Pure(info, call.Args[idx]) {
				ok = false // a local of the helper
				return false
			}
			text = fixes.Text(c.pass.Fset, src, call.Args[idx])
			if _, simple := ast.Unparen(call.Args[idx]).(*ast.Ident); !simple && ast.Unparen(w.limit) != ast.Expr(id) {
				text = "(" + text + ")" // a part of the limit
			}
		}
		subs = append(subs, sub{tf.Offset(id.Pos()), tf.Offset(id.End()), text})
		return true
	})
	if !ok {
		return "", false
	}
	start, end := tf.Offset(w.limit.Pos()), tf.Offset(w.limit.End())
	if end > len(hsrc) {
		return "", false
	}
	sort.Slice(subs, func(i, j int) bool { return subs[i].start < subs[j].start })
	var b strings.Builder
	at := start
	for _, s := range subs {
		b.Write(hsrc[at:s.start])
		b.WriteString(s.text)
		at = s.end
	}
	b.Write(hsrc[at:end])
	return b.String(), true
}

// giveUpBefore returns the fix that gives up when ra exceeds limit (text
// the caller can write where the call stands), with the function's error
// return naming both: before the statement of the call, or, when the
// variable ra also holds a wait of the client's own on some path (see
// varDefs), right after each assignment of the server's wait to it, so
// that the client's own backoff is handed to the helper as before.
func (c *checker) giveUpBefore(file *ast.File, f *flow.Func, stack []ast.Node, ra ast.Expr, limit string, src []byte) (analysis.SuggestedFix, bool) {
	info := c.pass.TypesInfo
	fn, ft := fixes.EnclosingFunc(stack)
	if ft == nil || !fixes.ReturnsError(info, ft) {
		return analysis.SuggestedFix{}, false
	}
	stmt, _ := fixes.StmtInBlock(stack)
	if stmt == nil {
		return analysis.SuggestedFix{}, false
	}
	switch stmt.(type) {
	case *ast.AssignStmt, *ast.ExprStmt, *ast.IfStmt, *ast.ReturnStmt:
	default:
		return analysis.SuggestedFix{}, false
	}
	if !fixes.VisibleAt(info, file, ra, stmt.Pos()) {
		return analysis.SuggestedFix{}, false
	}
	// Where the guard goes: before the call, or after each assignment of
	// the server's wait when the variable holds the client's own too.
	type place struct{ at, line token.Pos } // where, and the statement whose indent it takes
	places := []place{{stmt.Pos(), stmt.Pos()}}
	after := false
	if _, isID := ast.Unparen(ra).(*ast.Ident); isID {
		server, own, ok := c.varDefs(file, f, ra)
		if ok && len(own) > 0 {
			if len(server) == 0 {
				return analysis.SuggestedFix{}, false
			}
			places, after = nil, true
			for _, d := range server {
				if defFn, _ := fixes.EnclosingFunc(d.path); defFn != fn {
					return analysis.SuggestedFix{}, false
				}
				places = append(places, place{d.stmt.End(), d.stmt.Pos()})
			}
		} else if !ok {
			// Its values cannot all be told: the call may hand the
			// helper a wait of the client's own, which a guard before
			// it would end.
			return analysis.SuggestedFix{}, false
		}
	}
	fmtName, edits, ok := fixes.Import(info, c.pass.Pkg, file, "fmt", stmt.Pos())
	if !ok {
		return analysis.SuggestedFix{}, false
	}
	raText := fixes.Text(c.pass.Fset, src, ra)
	ret, ok := c.errorReturnText(file, ft, fmtName, raText, limit)
	if !ok {
		return analysis.SuggestedFix{}, false
	}
	for _, p := range places {
		indent := fixes.Indent(c.pass.Fset, src, p.line)
		text := fmt.Sprintf("if %s > %s {\n%s\t%s\n%s}\n%s", raText, limit, indent, ret, indent, indent)
		if after {
			text = fmt.Sprintf("\n%sif %s > %s {\n%s\t%s\n%s}", indent, raText, limit, indent, ret, indent)
		}
		edits = append(edits, analysis.TextEdit{Pos: p.at, End: p.at, NewText: []byte(text)})
	}
	return analysis.SuggestedFix{
		Message:   "Return an error when the Retry-After wait exceeds the helper's limit",
		TextEdits: edits,
	}, true
}

// givesUpAbove reports whether the function around call leaves, before
// call, when ra exceeds limit: an if ra > limit (or limit < ra, >=) whose
// body ends in a return, as the fix writes.
func givesUpAbove(stack []ast.Node, call *ast.CallExpr, ra ast.Expr, limit string) bool {
	le, err := parser.ParseExpr(limit)
	if err != nil {
		return false
	}
	want := types.ExprString(le)
	fn, _ := fixes.EnclosingFunc(stack)
	if fn == nil {
		return false
	}
	found := false
	ast.Inspect(fn, func(n ast.Node) bool {
		ifs, ok := n.(*ast.IfStmt)
		if !ok || found || ifs.End() > call.Pos() || len(ifs.Body.List) == 0 {
			return !found
		}
		x, l, ok := capCompare(ifs.Cond)
		if !ok || types.ExprString(x) != types.ExprString(ra) || types.ExprString(l) != want {
			return true
		}
		_, found = ifs.Body.List[len(ifs.Body.List)-1].(*ast.ReturnStmt)
		return !found
	})
	return found
}
