package retryafter

import (
	"fmt"
	"go/ast"
	"go/types"

	"golang.org/x/tools/go/analysis"

	"github.com/retrylint/retrylint/internal/fixes"
	"github.com/retrylint/retrylint/internal/flow"
	"github.com/retrylint/retrylint/internal/httpmodel"
)

// A cap may bound the result of a function value that returns the
// server's wait on some calls and the client's own backoff on others:
//
//	backoff := p.Backoff(attempt, resp)
//	if backoff > p.MaxWait {
//		backoff = p.MaxWait
//	}
//
// The caller cannot tell the two apart by the value, but it holds the
// response the function value read the header from. The fix gives up
// right after each such call when the response carries Retry-After and
// the wait exceeds the limit, and keeps the cap, which from then on bounds
// the client's own backoff alone (guarded then accepts the cap):
//
//	backoff := p.Backoff(attempt, resp)
//	if backoff > p.MaxWait && resp != nil && resp.Header.Get("Retry-After") != "" {
//		return 0, fmt.Errorf("retry_after_exceeds_deadline: ...", backoff, p.MaxWait)
//	}

// funcValueFix builds that fix for a cap of the variable ra by limit (ok
// is false when the function cannot return an error, or some assignment
// of the server's wait to ra is not such a call handed a response in a
// variable, or the function value reads another wait header than
// Retry-After).
func (c *checker) funcValueFix(file *ast.File, f *flow.Func, stack []ast.Node, ra, limit ast.Expr, src []byte) (analysis.SuggestedFix, bool) {
	info := c.pass.TypesInfo
	fn, ft := fixes.EnclosingFunc(stack)
	if !fixes.ReturnsError(info, ft) || !fixes.Pure(info, limit) {
		return analysis.SuggestedFix{}, false
	}
	server, _, ok := c.varDefs(file, f, ra)
	if !ok {
		return analysis.SuggestedFix{}, false
	}
	limitText := fixes.Text(c.pass.Fset, src, limit)
	var edits []analysis.TextEdit
	for i, d := range server {
		call, isCall := ast.Unparen(d.rhs).(*ast.CallExpr)
		if !isCall || c.funcValueCall(call)&(flow.Tag|tagMillis) != flow.Tag {
			return analysis.SuggestedFix{}, false
		}
		resp := responseArg(info, call)
		if resp == nil {
			return analysis.SuggestedFix{}, false
		}
		if defFn, _ := fixes.EnclosingFunc(d.path); defFn != fn || !fixes.VisibleAt(info, file, limit, d.stmt.Pos()) {
			return analysis.SuggestedFix{}, false
		}
		at := d.stmt.End()
		ret, imports, ok := c.errorReturn(file, ft, at, ra, limit, src)
		if !ok {
			return analysis.SuggestedFix{}, false
		}
		indent := fixes.Indent(c.pass.Fset, src, d.stmt.Pos())
		r := resp.Name
		text := fmt.Sprintf("\n%sif %s > %s && %s != nil && %s.Header.Get(%q) != \"\" {\n%s\t%s\n%s}",
			indent, fixes.Text(c.pass.Fset, src, ra), limitText, r, r, retryAfter, indent, ret, indent)
		edits = append(edits, analysis.TextEdit{Pos: at, End: at, NewText: []byte(text)})
		if i == 0 {
			edits = append(edits, imports...)
		}
	}
	return analysis.SuggestedFix{
		Message:   "Return an error when the server sent Retry-After and its wait exceeds the limit, and keep the cap for the client's own backoff",
		TextEdits: edits,
	}, true
}

// responseArg returns the first argument of call that is a variable
// holding an *http.Response, or nil.
func responseArg(info *types.Info, call *ast.CallExpr) *ast.Ident {
	for _, a := range call.Args {
		if id, ok := ast.Unparen(a).(*ast.Ident); ok && flow.VarOf(info, id) != nil && httpmodel.IsResponse(info.TypeOf(id)) {
			return id
		}
	}
	return nil
}
