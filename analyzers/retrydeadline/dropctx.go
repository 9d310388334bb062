package retrydeadline

// This file holds a context handed to a request and dropped: WithContext
// and Clone return a copy of the request with the new context and leave
// the request they are called on as it was, so a call whose result is
// discarded changes nothing:
//
//	func (r *Request) WithContext(ctx context.Context) {
//		r.request.WithContext(ctx) // r.request keeps its old context
//	}
//
// The caller's context, its deadline and its cancellation, never reach
// the attempts nor the waits of a retrying client, which run unbounded
// on the request's old context (often context.Background()). The fix
// keeps the copy: r.request = r.request.WithContext(ctx).

import (
	"go/ast"
	"go/types"

	"golang.org/x/tools/go/analysis"

	"github.com/retrylint/retrylint/internal/callindex"
	"github.com/retrylint/retrylint/internal/fixes"
	"github.com/retrylint/retrylint/internal/httpmodel"
	"github.com/retrylint/retrylint/internal/retrylib"
)

// checkDroppedContexts reports the calls of WithContext or Clone of a
// *http.Request, or of WithContext of a go-retryablehttp *Request, that
// are statements of their own, in a package that retries: it has a retry
// loop or imports a retry library.
func (c *checker) checkDroppedContexts() {
	if len(c.loops.Loops) == 0 && len(c.loops.OpLoops) == 0 && !retrylib.ImportsLibrary(c.pass.Pkg) {
		return
	}
	ix := c.pass.ResultOf[callindex.Analyzer].(*callindex.Index)
	for _, f := range ix.Funcs() {
		if isHTTPTestFile(c.pass, f.File) {
			continue
		}
		for _, call := range ix.Calls(f.Decl) {
			if !dropsContext(call.Callee) || call.Detached != nil {
				continue
			}
			c.reportDroppedContext(f.File, f.Decl, call.Expr, call.Callee)
		}
	}
}

// dropsContext reports whether fn returns a copy of its receiver with a
// new context and leaves the receiver as it was.
func dropsContext(fn *types.Func) bool {
	return httpmodel.IsMethod(fn, "net/http", "Request", "WithContext", "Clone") ||
		httpmodel.IsMethod(fn, retrylib.RetryableHTTP, "Request", "WithContext")
}

func (c *checker) reportDroppedContext(file *ast.File, fd *ast.FuncDecl, call *ast.CallExpr, fn *types.Func) {
	info := c.pass.TypesInfo
	stmt, ok := fixes.StmtOf(fd.Body, call).(*ast.ExprStmt)
	if !ok || ast.Unparen(stmt.X) != call || len(call.Args) != 1 {
		return
	}
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok || !assignable(info, sel.X) || !types.Identical(info.TypeOf(sel.X), info.TypeOf(call)) {
		return
	}
	src := fixes.Source(c.pass, call.Pos())
	recv := fixes.Text(c.pass.Fset, src, sel.X)
	ctx := fixes.Text(c.pass.Fset, src, call.Args[0])
	c.pass.Report(analysis.Diagnostic{
		Pos: call.Pos(),
		End: call.End(),
		Message: "result of " + recv + "." + fn.Name() + " is discarded: " + recv + " keeps its old context, so " + ctx +
			"'s deadline and cancellation never reach its attempts and the waits between them",
		SuggestedFixes: []analysis.SuggestedFix{{
			Message:   "Keep the copy of the request that carries " + ctx,
			TextEdits: []analysis.TextEdit{{Pos: call.Pos(), End: call.Pos(), NewText: []byte(recv + " = ")}},
		}},
	})
}

// assignable reports whether e is a variable, or a chain of field
// selections from one, that an assignment can name again (r, r.request,
// c.req.inner).
func assignable(info *types.Info, e ast.Expr) bool {
	for {
		switch x := ast.Unparen(e).(type) {
		case *ast.Ident:
			_, ok := info.Uses[x].(*types.Var)
			return ok
		case *ast.SelectorExpr:
			s, ok := info.Selections[x]
			if !ok || s.Kind() != types.FieldVal {
				return false
			}
			e = x.X
		default:
			return false
		}
	}
}
