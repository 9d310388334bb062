package retrydeadline

// This file models a function that sends, each time it is called, one
// request bounded only by the Timeout of the http.Client it sends through
// (see clienttimeout.go): a retry loop that calls it (c.upload(batch),
// c.doOnce(ctx)) gets a per-attempt timeout hidden behind the call, as
// one that sends itself.

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/types"
	"time"

	"github.com/retrylint/retrylint/internal/analysisutil"
	"github.com/retrylint/retrylint/internal/fixes"
	"github.com/retrylint/retrylint/internal/flow"
	"github.com/retrylint/retrylint/internal/httpmodel"
	"github.com/retrylint/retrylint/internal/retryloop"
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
	// A request declared empty (var req *http.Request) and built on
	// each path before the send: the nil it starts as is never sent.
	values, known := flow.AssignedAfterDecl(info, fd.Body, v)
	if !known || len(values) == 0 {
		return nil, false
	}
	if c.allPlainRequests(values) {
		// req, err := c.newRequest(body), and again after a failure:
		// requests with no context.
		return nil, true
	}
	if len(values) != 1 {
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

// reqSendFact marks a function that sends, once per call, the request it
// is handed (its parameter Req, receiver aside) through a client with a
// Timeout (func (c *client) doOnce(req *http.Request) error { ... c.hc.Do(req) }):
// a loop that builds the request and calls it has the client's Timeout
// per attempt, as one that sends itself. Nanos, Field and Cond are as in
// timeoutFact.
type reqSendFact struct {
	Req   int
	Nanos int64
	Field string
	Cond  bool
}

func (*reqSendFact) AFact() {}

func (f *reqSendFact) String() string {
	s := fmt.Sprintf("sendsreq(param %d", f.Req)
	if f.Nanos > 0 {
		s += ", " + time.Duration(f.Nanos).String()
	}
	if f.Field != "" {
		s += ", recv." + f.Field
	}
	if f.Cond {
		s += ", conditional"
	}
	return s + ")"
}

// exportReqSenders exports a reqSendFact for each function of the package
// that sends the request parameter it never assigns, outside any loop of
// its own, through a client with a Timeout.
func (c *checker) exportReqSenders() {
	info := c.pass.TypesInfo
	c.reqSenders = map[*types.Func]*reqSendFact{}
	for fd, fn := range analysisutil.FuncDecls(c.pass) {
		c.inspectOwn(fd.Body, func(call *ast.CallExpr) {
			if c.reqSenders[fn] != nil {
				return
			}
			s, ok := httpmodel.SendOf(info, call)
			if !ok || s.Request == nil || inLoop(fd.Body, call) {
				return
			}
			j := c.paramIndex(fd, s.Request, nil)
			if j < 0 {
				return
			}
			per, st := c.clientTimeoutIn(fd, call)
			if per == nil || !st.ok {
				return
			}
			f := &reqSendFact{Req: j, Nanos: st.nanos, Cond: st.cond}
			if sel, ok := per.(*ast.SelectorExpr); ok && sel.Sel.Name == "Timeout" {
				if field := c.recvField(fd, sel.X); field != "" {
					f.Field = field + ".Timeout"
				}
			}
			c.reqSenders[fn] = f
		})
		if f := c.reqSenders[fn]; f != nil {
			c.pass.ExportObjectFact(fn, f)
		}
	}
}

// reqSenderOf returns the fact of fn (see reqSendFact), nil when it has
// none.
func (c *checker) reqSenderOf(fn *types.Func) *reqSendFact {
	if fn == nil {
		return nil
	}
	fn = fn.Origin()
	if f := c.reqSenders[fn]; f != nil {
		return f
	}
	if fn.Pkg() == nil || fn.Pkg() == c.pass.Pkg {
		return nil
	}
	f := new(reqSendFact)
	if !c.pass.ImportObjectFact(fn, f) {
		return nil
	}
	return f
}

// handedSend returns, for call, a call of a function that sends the
// request it is handed through a client with a Timeout (see
// reqSendFact), the request and the Timeout as the loop's function can
// read it: the receiver's field (c.hc.Timeout), or the constant written
// with timeName; guard when it may be unset.
func (c *checker) handedSend(file *ast.File, l *retryloop.Loop, call *ast.CallExpr) (req, per ast.Expr, guard bool) {
	info := c.pass.TypesInfo
	callee := httpmodel.Callee(info, call)
	f := c.reqSenderOf(callee)
	if f == nil {
		return nil, nil, false
	}
	_, args := httpmodel.Receiver(info, call)
	if f.Req >= len(args) || call.Ellipsis.IsValid() {
		return nil, nil, false
	}
	per = c.timeoutAtCall(call, f.Field, f.Nanos, f.Cond)
	switch {
	case per != nil:
		return args[f.Req], per, f.Cond
	case f.Cond || f.Nanos == 0 || l.Outer == nil:
		return nil, nil, false
	}
	timeName, _, ok := fixes.Import(info, c.pass.Pkg, file, "time", l.Outer.Pos())
	if !ok {
		return nil, nil, false
	}
	per, err := parser.ParseExpr(durationText(time.Duration(f.Nanos), timeName))
	if err != nil {
		return nil, nil, false
	}
	return args[f.Req], per, false
}
