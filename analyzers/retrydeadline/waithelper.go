package retrydeadline

// This file holds the back-off helpers that compute a wait and sleep it
// without a context (func backoff(attempt int) { d := base << attempt;
// ...; time.Sleep(d) }), called between the attempts of a retry loop that
// has a context at hand: the caller's cancellation does not end the wait.
// A helper whose whole body is the sleep is a wait function (waitfunc.go),
// whose call the loop's own fix turns into a select; a helper that
// computes its wait cannot be inlined so, and is given the context
// instead.

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/retrylint/retrylint/internal/analysisutil"
	"github.com/retrylint/retrylint/internal/fixes"
	"github.com/retrylint/retrylint/internal/flow"
	"github.com/retrylint/retrylint/internal/httpmodel"
	"github.com/retrylint/retrylint/internal/retryloop"
)

// A waitHelper is a function or method of this package, with no results,
// no context parameter and no type parameters, whose body sleeps with
// time.Sleep outside any loop, literal, go or defer statement and waits
// or sends in no other way: a back-off between attempts.
type waitHelper struct {
	fd     *ast.FuncDecl
	fn     *types.Func
	sleeps []*ast.ExprStmt
}

// waitHelperUse is a call of a wait helper, as a statement of a retry
// loop, with a context in scope.
type waitHelperUse struct {
	file *ast.File
	loop *retryloop.Loop
	stmt *ast.ExprStmt
	call *ast.CallExpr
	ctx  string
}

// waitHelperOf returns the wait helper fn is, nil when it is none.
func (c *checker) waitHelperOf(fn *types.Func) *waitHelper {
	if fn == nil || fn.Pkg() != c.pass.Pkg {
		return nil
	}
	fn = fn.Origin()
	if h, ok := c.waitHelpers[fn]; ok {
		return h
	}
	h := c.findWaitHelper(fn)
	if c.waitHelpers == nil {
		c.waitHelpers = map[*types.Func]*waitHelper{}
	}
	c.waitHelpers[fn] = h
	return h
}

func (c *checker) findWaitHelper(fn *types.Func) *waitHelper {
	if c.waits[fn] != nil || c.blind[fn] != nil {
		return nil // a wait function, or a retry helper
	}
	d, ok := c.index.Decl(fn)
	if !ok || d.Decl.Body == nil || d.Decl.Type.TypeParams != nil {
		return nil
	}
	fd := d.Decl
	sig := fn.Type().(*types.Signature)
	if sig.Results().Len() > 0 || sig.Variadic() {
		return nil
	}
	if fd.Recv != nil {
		if len(fd.Recv.List) != 1 || len(fd.Recv.List[0].Names) != 1 || fd.Recv.List[0].Names[0].Name == "_" {
			return nil
		}
		if _, generic := ast.Unparen(fd.Recv.List[0].Type).(*ast.IndexExpr); generic {
			return nil
		}
	}
	for p := range sig.Params().Variables() {
		if p.Name() == "" || p.Name() == "_" || httpmodel.IsNamed(p.Type(), "context", "Context") {
			return nil
		}
	}
	info := c.pass.TypesInfo
	h := &waitHelper{fd: fd, fn: fn}
	ok = true
	ast.PreorderStack(fd.Body, nil, func(n ast.Node, stack []ast.Node) bool {
		if !ok {
			return false
		}
		switch n := n.(type) {
		case *ast.FuncLit, *ast.GoStmt, *ast.DeferStmt:
			return false
		case *ast.SelectStmt, *ast.SendStmt:
			ok = false
		case *ast.UnaryExpr:
			if n.Op == token.ARROW {
				ok = false // a receive: another wait
			}
		case *ast.CallExpr:
			callee := httpmodel.Callee(info, n)
			if callee != nil && callee.Origin() == fn {
				ok = false
			}
			if !httpmodel.IsPkgFunc(callee, "time", "Sleep") {
				return true
			}
			es, isStmt := stackTop(stack).(*ast.ExprStmt)
			if !isStmt || len(n.Args) != 1 {
				ok = false
				return false
			}
			for _, up := range stack {
				switch up.(type) {
				case *ast.ForStmt, *ast.RangeStmt:
					ok = false // a loop that sleeps: a retry, not a wait
				}
			}
			h.sleeps = append(h.sleeps, es)
		}
		return true
	})
	if !ok || len(h.sleeps) == 0 || c.bodySends(fd.Body) {
		return nil
	}
	return h
}

// stackTop returns the last node of stack, the parent of the node being
// visited by ast.PreorderStack; nil for none.
func stackTop(stack []ast.Node) ast.Node {
	if len(stack) == 0 {
		return nil
	}
	return stack[len(stack)-1]
}

// checkWaitHelpers reports the calls of wait helpers that the retry loops
// make with a context in scope, once a helper, with one fix for every
// such call: the helper becomes nameContext, which takes the context
// first, waits in a select on its Done channel and returns its error;
// each call becomes
//
//	if err := backoffContext(ctx, attempt); err != nil {
//		return nil, err
//	}
//
// and, where the helper is used elsewhere too (or exported), a function
// of the old name and signature calls it with context.Background().
func (c *checker) checkWaitHelpers(loops []*retryloop.Loop) {
	info := c.pass.TypesInfo
	uses := map[*waitHelper][]waitHelperUse{}
	var order []*waitHelper
	for _, l := range loops {
		if len(l.Self) > 0 || l.Unrolled {
			continue
		}
		file := fixes.FileOf(c.pass, l.Stmt.Pos())
		if file == nil || isHTTPTestFile(c.pass, file) {
			continue
		}
		ast.PreorderStack(l.Body, nil, func(n ast.Node, stack []ast.Node) bool {
			switch n := n.(type) {
			case *ast.FuncLit, *ast.GoStmt, *ast.DeferStmt:
				return false
			case *ast.ExprStmt:
				switch stackTop(stack).(type) {
				case *ast.BlockStmt, *ast.CaseClause, *ast.CommClause:
				default:
					return true // an if's or a for's own statement
				}
				call, ok := ast.Unparen(n.X).(*ast.CallExpr)
				if !ok {
					return true
				}
				if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok {
					if tv, ok := info.Types[sel.X]; ok && tv.IsType() {
						return true // a method expression: (*T).m(c, ...)
					}
				}
				h := c.waitHelperOf(httpmodel.Callee(info, call))
				if h == nil || calleeName(call) == nil || c.innerRetry(l, n) {
					return true
				}
				ctx := c.contextInScope(file, l, n.Pos())
				if ctx == "" {
					return true
				}
				if _, seen := uses[h]; !seen {
					order = append(order, h)
				}
				uses[h] = append(uses[h], waitHelperUse{file: file, loop: l, stmt: n, call: call, ctx: ctx})
			}
			return true
		})
	}
	for _, h := range order {
		us := uses[h]
		edits, name, ok := c.waitHelperEdits(h, us)
		if !ok {
			c.gate(us[0].stmt, "wait-helper-fix", h.fn.Name()+" sleeps without a context in a retry loop: no fix")
			continue
		}
		var related []analysis.RelatedInformation
		for _, u := range us[1:] {
			related = append(related, analysis.RelatedInformation{Pos: u.stmt.Pos(), End: u.stmt.End(), Message: "another retry loop waits with " + h.fn.Name() + " here"})
		}
		c.pass.Report(analysis.Diagnostic{
			Pos:     us[0].stmt.Pos(),
			End:     us[0].stmt.End(),
			Message: fmt.Sprintf("%s, which waits with time.Sleep, in retry loop ignores cancellation of %s (the operation outlives its caller)", h.fn.Name(), us[0].ctx),
			Related: related,
			SuggestedFixes: []analysis.SuggestedFix{{
				Message:   "Add " + name + ", which waits in a select that also ends when the context is done, and call it with the loop's context",
				TextEdits: edits,
			}},
		})
	}
}

// waitHelperEdits returns the edits of the fix of checkWaitHelpers, and
// the helper's new name.
func (c *checker) waitHelperEdits(h *waitHelper, us []waitHelperUse) ([]analysis.TextEdit, string, bool) {
	info := c.pass.TypesInfo
	fd := h.fd
	hfile := fixes.FileOf(c.pass, fd.Pos())
	src := fixes.Source(c.pass, fd.Pos())
	if hfile == nil || src == nil {
		return nil, "", false
	}
	sig := h.fn.Type().(*types.Signature)
	name := freePkgName(c.pass.Pkg, fd.Name.Name+"Context")
	recv := ""
	if fd.Recv != nil {
		recv = fd.Recv.List[0].Names[0].Name
		name = freeMethodName(c.pass.Pkg, sig.Recv().Type(), fd.Name.Name+"Context")
	}
	ctxPkg, imp, ok := fixes.Import(info, c.pass.Pkg, hfile, "context", fd.Pos())
	if !ok {
		return nil, "", false
	}
	timePkg, _, ok := fixes.Import(info, c.pass.Pkg, hfile, "time", fd.Pos())
	if !ok {
		return nil, "", false
	}
	param := fixes.FreeName(info, hfile, "ctx", nil, fd.Body.Lbrace+1, fd.Body.Rbrace-1)
	decl := param + " " + ctxPkg + ".Context"
	if fd.Type.Params.NumFields() > 0 {
		decl += ", "
	}
	edits := append([]analysis.TextEdit{
		{Pos: fd.Name.Pos(), End: fd.Name.End(), NewText: []byte(name)},
		{Pos: fd.Type.Params.Opening + 1, End: fd.Type.Params.Opening + 1, NewText: []byte(decl)},
		{Pos: fd.Type.Params.Closing + 1, End: fd.Type.Params.Closing + 1, NewText: []byte(" error")},
	}, imp...)
	// The sleeps become selects; a bare return returns nil, as does the
	// end of the body.
	for _, s := range h.sleeps {
		in := fixes.Indent(c.pass.Fset, src, s.Pos())
		d := fixes.Text(c.pass.Fset, src, s.X.(*ast.CallExpr).Args[0])
		sel := fmt.Sprintf("select {\n%[1]scase <-%[2]s.Done():\n%[1]s\treturn %[2]s.Err()\n%[1]scase <-%[3]s.After(%[4]s):\n%[1]s}", in, param, timePkg, d)
		edits = append(edits, analysis.TextEdit{Pos: s.Pos(), End: s.End(), NewText: []byte(sel)})
	}
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.ReturnStmt:
			edits = append(edits, analysis.TextEdit{Pos: n.End(), End: n.End(), NewText: []byte(" nil")})
		}
		return true
	})
	if last := len(fd.Body.List) - 1; last >= 0 && !analysisutil.Terminates(fd.Body.List[last]) {
		in := fixes.Indent(c.pass.Fset, src, fd.Body.List[0].Pos())
		at := fixes.LineEnd(c.pass.Fset, src, fd.Body.List[last].End())
		edits = append(edits, analysis.TextEdit{Pos: at, End: at, NewText: []byte("\n" + in + "return nil")})
	}
	// The calls in the retry loops.
	for _, u := range us {
		usrc := fixes.Source(c.pass, u.stmt.Pos())
		ft, _ := flow.FuncParts(u.loop.Func)
		if usrc == nil || ft == nil || !fixes.ReturnsError(info, ft) {
			return nil, "", false // no error to stop the loop with
		}
		errName := "err" // scoped to the if statement
		ret, ok := c.giveUp(u.file, ft, errName)
		if !ok {
			return nil, "", false
		}
		callee := name
		if sel, ok := ast.Unparen(u.call.Fun).(*ast.SelectorExpr); ok {
			callee = fixes.Text(c.pass.Fset, usrc, sel.X) + "." + name
		}
		args := []string{u.ctx}
		for _, a := range u.call.Args {
			args = append(args, fixes.Text(c.pass.Fset, usrc, a))
		}
		in := fixes.Indent(c.pass.Fset, usrc, u.stmt.Pos())
		text := fmt.Sprintf("if %[2]s := %[3]s(%[4]s); %[2]s != nil {\n%[1]s\t%[5]s\n%[1]s}", in, errName, callee, strings.Join(args, ", "), ret)
		edits = append(edits, analysis.TextEdit{Pos: u.stmt.Pos(), End: u.stmt.End(), NewText: []byte(text)})
	}
	// The old name stays, for the uses the pass may not see (test
	// files, an interface the method satisfies, other packages).
	{
		header := string(src[c.pass.Fset.File(fd.Pos()).Offset(fd.Type.Func):c.pass.Fset.File(fd.Pos()).Offset(fd.Type.End())])
		var args []string
		for p := range sig.Params().Variables() {
			args = append(args, p.Name())
		}
		callee := name
		if recv != "" {
			callee = recv + "." + name
		}
		call := fmt.Sprintf("%s(%s.Background()", callee, ctxPkg)
		if len(args) > 0 {
			call += ", " + strings.Join(args, ", ")
		}
		wrapper := fmt.Sprintf("\n\n// %s calls %s with a context that is never cancelled.\n%s {\n\t_ = %s)\n}", fd.Name.Name, name, header, call)
		edits = append(edits, analysis.TextEdit{Pos: fd.End(), End: fd.End(), NewText: []byte(wrapper)})
	}
	return edits, name, true
}
