package retryidempotency

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/analysis"

	"github.com/retrylint/retrylint/internal/analysisutil"
	"github.com/retrylint/retrylint/internal/fixes"
	"github.com/retrylint/retrylint/internal/flow"
	"github.com/retrylint/retrylint/internal/retryloop"
)

// A retrying sender need not hold the request: an SDK's call(ctx, method,
// path, body) that tries doOnce(ctx, method, url, body) again, where
// doOnce builds the request from the method it is handed, re-sends
// whatever method its own caller passed. This file judges such a loop as
// one that re-sends a request of any method.

// sendsCallersMethod reports whether s is a call of a function that
// builds its request from a method argument, handed the method of fn's
// caller (see callersMethod).
func (c *checker) sendsCallersMethod(fn ast.Node, s send) bool {
	if s.methodArg == nil || s.method != "" || !c.callersMethod(fn, s.methodArg) {
		return false
	}
	// A description of the request (send(ctx, op) building from
	// op.Method): its field must be one fn can name, for the guard.
	return s.methodField == "" || c.methodFieldOf(s) != nil
}

// methodFieldOf returns the field of the description s.methodArg that s's
// helper builds its request's method from, when this package can name it.
func (c *checker) methodFieldOf(s send) *types.Var {
	t := c.pass.TypesInfo.TypeOf(described(s.methodArg))
	if t == nil {
		return nil
	}
	obj, _, _ := types.LookupFieldOrMethod(t, true, c.pass.Pkg, s.methodField)
	if v, ok := obj.(*types.Var); ok && v.IsField() && isString(v.Type()) {
		return v
	}
	return nil
}

// described returns the description an argument hands over: x for x,
// &x (build(ctx, &op)) and *x (build(ctx, *op), x a pointer to it).
func described(e ast.Expr) ast.Expr {
	e = ast.Unparen(e)
	if u, ok := e.(*ast.UnaryExpr); ok && u.Op == token.AND {
		return ast.Unparen(u.X)
	}
	if st, ok := e.(*ast.StarExpr); ok {
		return ast.Unparen(st.X)
	}
	return e
}

// checkMethodArg reports a loop that re-sends, after a transport error, a
// request built with its caller's method, and reports whether it did.
//
// The fix hands the error back at once when it is a transport error (a
// *url.Error, which net/http's Client returns for every failure to get a
// response) and the method is not idempotent (RFC 9110, section 9.2.2),
// as net/http's Transport decides; every other error (an answer the
// helper turned into one) is retried as before.
func (c *checker) checkMethodArg(file *ast.File, l *retryloop.Loop, s send) bool {
	if l.Via != nil || len(l.Self) > 0 && c.carriesResponse(l.Func) {
		return false
	}
	if c.callersIdempotent(l.Func) {
		analysisutil.Gate(c.pass, s.call.Pos(), "methodarg-callers-idempotent", "a request of its caller's method re-sent, every caller handing an idempotent one")
		return false
	}
	// A helper that makes a key of its own on every call (for the
	// writes it sends) gives each attempt a new one.
	freshKey := s.helper != nil && s.helper.Keyed && s.helper.Fresh && keyArg(c.pass.TypesInfo, s.helper, s.call) == nil
	if s.helper != nil && s.helper.Keyed && !freshKey {
		return false
	}
	outcome, ok := c.retriesUnknown(l, s)
	if !ok {
		analysisutil.Gate(c.pass, s.call.Pos(), "methodarg-outcome-"+c.why, "a request of its caller's method in a retry loop, no unknown outcome found retried")
		return false
	}
	if freshKey {
		s.method = "a request of its caller's method (" + fixes.Format(c.pass.Fset, s.methodArg) + ")"
		if !c.reportHelperFresh(file, l, s, outcome) {
			analysisutil.Gate(c.pass, s.call.Pos(), "methodarg-fresh-key", "a request of its caller's method re-sent through a helper that makes a new key on every call")
			return false
		}
		return true
	}
	if outcome != "a transport error" {
		analysisutil.Gate(c.pass, s.call.Pos(), "methodarg-status", "a request of its caller's method re-sent after "+outcome)
		return false
	}
	if c.checksMethod(l, s) {
		analysisutil.Gate(c.pass, s.call.Pos(), "methodarg-guarded", "a request of its caller's method re-sent in a function that checks a method or key somewhere")
		return false
	}
	info := c.pass.TypesInfo
	src := fixes.Source(c.pass, s.call.Pos())
	as, stmt := c.sendAssign(l, s)
	ft, _ := flow.FuncParts(l.Func)
	if src == nil || as == nil || ft == nil || !fixes.ReturnsError(info, ft) {
		analysisutil.Gate(c.pass, s.call.Pos(), "methodarg-nofix", "a request of its caller's method re-sent after "+outcome+", no guard can be written")
		return false
	}
	if ifs, ok := stmt.(*ast.IfStmt); ok && ifs.Init == ast.Stmt(as) && c.retriesWithin(l, ifs) {
		// if b, code, err = send(); err != nil && retries > 0 { return
		// try(...) }: the next attempt is decided in the statement
		// itself, before any guard after it could run.
		analysisutil.Gate(c.pass, s.call.Pos(), "methodarg-nofix", "a request of its caller's method re-sent after "+outcome+" by the if whose init sends it, no guard can be written")
		return false
	}
	errName := identName(as.Lhs[len(as.Lhs)-1])
	if errName == "" {
		return false
	}
	ret, ok := c.resultsReturn(l, src, as)
	if !ok {
		if ret, ok = fixes.Return(info, c.pass.Pkg, file, ft, errName); !ok {
			return false
		}
	}
	stmt = c.guardPoint(l, stmt, as)
	method := fixes.Text(c.pass.Fset, src, s.methodArg)
	if s.methodField != "" {
		// The description's field: op.Method, also for &op and *op.
		method = fixes.Text(c.pass.Fset, src, described(s.methodArg)) + "." + s.methodField
	}
	edits, ok := c.transportGuard(file, src, guardPlace{stmt: stmt}, errName, "request", []string{"net/http"}, func(indent string, name map[string]string) string {
		return fmt.Sprintf(`switch %[2]s {
%[1]scase "", %[3]s.MethodGet, %[3]s.MethodHead, %[3]s.MethodOptions, %[3]s.MethodTrace, %[3]s.MethodPut, %[3]s.MethodDelete:
%[1]sdefault:
%[1]s	%[4]s
%[1]s}`, indent, method, name["net/http"], ret)
	})
	if !ok {
		return false
	}
	c.pass.Report(analysis.Diagnostic{
		Pos: s.call.Pos(),
		End: s.call.End(),
		Message: fmt.Sprintf("a request of its caller's method (%s) is re-sent after %s without a check of the method or an %s header (a POST or PATCH may be applied twice)",
			method, outcome, c.first),
		SuggestedFixes: []analysis.SuggestedFix{{
			Message:   "After a transport error, send again only a request with an idempotent method",
			TextEdits: edits,
		}},
	})
	return true
}

// resultsReturn returns the text of a return statement of the loop's
// function that hands back the send's results as the assignment as took
// them (body, status, err := c.do(...) ... return body, status, err), so
// that the guard ends the retry with what the last attempt answered
// rather than with zero values.
func (c *checker) resultsReturn(l *retryloop.Loop, src []byte, as *ast.AssignStmt) (string, bool) {
	info := c.pass.TypesInfo
	objs := make([]types.Object, len(as.Lhs))
	for i, e := range as.Lhs {
		id, ok := ast.Unparen(e).(*ast.Ident)
		if !ok || id.Name == "_" {
			return "", false
		}
		if objs[i] = info.ObjectOf(id); objs[i] == nil {
			return "", false
		}
	}
	_, body := flow.FuncParts(l.Func)
	if body == nil {
		return "", false
	}
	ret := c.returnText(body, src, func(r *ast.ReturnStmt) bool {
		if len(r.Results) != len(objs) {
			return false
		}
		for i, e := range r.Results {
			if id, ok := ast.Unparen(e).(*ast.Ident); !ok || info.Uses[id] != objs[i] {
				return false
			}
		}
		return true
	})
	return ret, ret != ""
}

// retriesWithin reports whether the if statement ifs holds the loop's next
// attempt: a call of the function by itself, or a continue or goto.
func (c *checker) retriesWithin(l *retryloop.Loop, ifs *ast.IfStmt) bool {
	for _, self := range l.Self {
		if ifs.Pos() <= self.Pos() && self.End() <= ifs.End() {
			return true
		}
	}
	found := false
	ast.Inspect(ifs, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.BranchStmt:
			found = found || n.Tok == token.CONTINUE || n.Tok == token.GOTO
		}
		return !found
	})
	return found
}
