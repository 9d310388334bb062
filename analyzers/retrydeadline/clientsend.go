package retrydeadline

// This file models a function that sends, each time it is called, one
// request bounded only by the Timeout of the http.Client it sends through
// (see clienttimeout.go): a retry loop that calls it (c.upload(batch),
// c.doOnce(ctx)) gets a per-attempt timeout hidden behind the call, as
// one that sends itself.

import (
	"go/ast"
	"go/types"

	"github.com/retrylint/retrylint/internal/fixes"
	"github.com/retrylint/retrylint/internal/flow"
	"github.com/retrylint/retrylint/internal/httpmodel"
)

// clientSendFact returns the fact of fd when call, a send of fd's own,
// sends through a client with a Timeout (see clientTimeoutIn) a request
// fd builds (or a URL send builds) with no context or one without a
// deadline (Parent 0), or with the context fd is passed (Parent is 1 +
// its index): the client's Timeout bounds that one request. Nanos is the
// Timeout when it is a constant; Field the receiver's chain of fields
// that holds it (hc.Timeout for c.hc.Do), so that a caller can read it.
// A send in a loop of fd (its own retry, or one request per item) is not
// bounded per call by the Timeout.
func (c *checker) clientSendFact(fd *ast.FuncDecl, call *ast.CallExpr) *timeoutFact {
	info := c.pass.TypesInfo
	s, ok := httpmodel.SendOf(info, call)
	if !ok {
		return nil
	}
	for _, l := range c.loops.Loops {
		if l.Func == ast.Node(fd) && l.Body.Pos() <= call.Pos() && call.End() <= l.Body.End() {
			return nil // a send the function retries itself: its loop is judged there
		}
	}
	if inLoop(fd.Body, call) {
		return nil // one send per item: the Timeout bounds each, not the call
	}
	per, st := c.clientTimeoutIn(fd, call)
	if per == nil || !st.ok {
		return nil
	}
	parent := 0
	if s.Request == nil {
		if _, ok := fixes.URLSendOf(httpmodel.Callee(info, call)); !ok {
			return nil
		}
	} else {
		ctx, ok := c.requestBuilt(fd, s.Request)
		switch {
		case !ok:
			return nil
		case ctx == nil, c.noDeadline(fd, ctx, 0):
		default:
			j := c.paramIndex(fd, ctx, nil)
			if j < 0 {
				return nil // a context of unknown deadline
			}
			parent = j + 1
		}
	}
	f := &timeoutFact{Parent: parent, Nanos: st.nanos, Client: true, Cond: st.cond}
	if sel, ok := per.(*ast.SelectorExpr); ok && sel.Sel.Name == "Timeout" && httpmodel.IsNamed(info.TypeOf(sel.X), "net/http", "Client") {
		if field := c.recvField(fd, sel.X); field != "" {
			f.Field = field + ".Timeout"
		}
	} else {
		f.Field = c.recvField(fd, per)
	}
	return f
}

// requestBuilt returns the context that req, a request fd sends, is
// built with in fd: nil for http.NewRequest, the first argument of
// http.NewRequestWithContext; ok is false when req is not a local
// variable of fd assigned only by one of them.
func (c *checker) requestBuilt(fd *ast.FuncDecl, req ast.Expr) (ctx ast.Expr, ok bool) {
	info := c.pass.TypesInfo
	id, isID := ast.Unparen(req).(*ast.Ident)
	if !isID {
		return nil, false
	}
	v, isVar := info.Uses[id].(*types.Var)
	if !isVar || v.Kind() != types.LocalVar {
		return nil, false
	}
	values, known := flow.Assigned(info, fd.Body, v)
	if !known || len(values) != 1 {
		return nil, false
	}
	call, isCall := ast.Unparen(values[0]).(*ast.CallExpr)
	if !isCall {
		return nil, false
	}
	switch f := httpmodel.Callee(info, call); {
	case httpmodel.IsPkgFunc(f, "net/http", "NewRequest"):
		return nil, true
	case httpmodel.IsPkgFunc(f, "net/http", "NewRequestWithContext") && len(call.Args) > 0:
		return call.Args[0], true
	}
	return nil, false
}

// inLoop reports whether call is in a for or range statement of body.
func inLoop(body *ast.BlockStmt, call *ast.CallExpr) bool {
	found := false
	ast.Inspect(body, func(n ast.Node) bool {
		if found || n == nil || n.Pos() > call.Pos() || n.End() < call.End() {
			return false
		}
		switch n.(type) {
		case *ast.ForStmt, *ast.RangeStmt:
			found = true
		}
		return !found
	})
	return found
}
