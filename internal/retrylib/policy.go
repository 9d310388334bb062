package retrylib

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"

	"github.com/retrylint/retrylint/internal/analysisutil"
	"github.com/retrylint/retrylint/internal/httpmodel"
	"github.com/retrylint/retrylint/internal/paths"
)

// Policy is what a go-retryablehttp CheckRetry function retries, read from
// its body: func(ctx context.Context, resp *http.Response, err error)
// (bool, error), called after every attempt with the attempt's transport
// error or response (client.go:733-737).
type Policy struct {
	// Known: the function's body (or the library's own policy) was read.
	Known bool
	// Errors: it may return true when err is not nil (a transport error:
	// the request may have reached the server). ServerErrors: it may
	// return true on a 500, 502 or 504 (the server may have applied the
	// write). Both are unknown outcomes.
	Errors, ServerErrors bool
	// Flag: one of those retries rests on a value that is not a constant
	// (a setting such as go-tfe's RetryServerErrors).
	Flag bool
	// MethodAware: it reads a request's Method, so it may decide by method.
	MethodAware bool
}

// Unknown reports whether the policy retries an unknown outcome.
func (p Policy) Unknown() bool { return p.Known && (p.Errors || p.ServerErrors) && !p.MethodAware }

func (p *Policy) merge(q Policy) {
	p.Known = p.Known || q.Known
	p.Errors = p.Errors || q.Errors
	p.ServerErrors = p.ServerErrors || q.ServerErrors
	p.Flag = p.Flag || q.Flag
	p.MethodAware = p.MethodAware || q.MethodAware
}

// libraryPolicy: DefaultRetryPolicy and ErrorPropagatedRetryPolicy retry
// every transport error but redirect, scheme, header and certificate
// errors, and status 0, 429 and every 5xx but 501 (client.go:472-543).
var libraryPolicy = Policy{Known: true, Errors: true, ServerErrors: true}

// CheckRetryPolicy reads the CheckRetry value e: the library's policies, a
// function literal, a function or method of the package, or a variable
// holding one of them.
func (ix *Values) CheckRetryPolicy(e ast.Expr) Policy {
	return ix.policyOf(e, 0)
}

func (ix *Values) policyOf(e ast.Expr, depth int) Policy {
	if depth > 4 || e == nil {
		return Policy{}
	}
	info := ix.info
	e = ast.Unparen(e)
	if lit, ok := e.(*ast.FuncLit); ok {
		return ix.policyBody(lit.Type, lit.Body, depth)
	}
	var obj types.Object
	switch e := e.(type) {
	case *ast.Ident:
		obj = info.ObjectOf(e)
	case *ast.SelectorExpr:
		obj = info.ObjectOf(e.Sel)
	}
	switch obj := obj.(type) {
	case *types.Func:
		if obj.Pkg() != nil && obj.Pkg().Path() == RetryableHTTP && (obj.Name() == "DefaultRetryPolicy" || obj.Name() == "ErrorPropagatedRetryPolicy") {
			return libraryPolicy
		}
		if fd := ix.decls[obj.Origin()]; fd != nil {
			return ix.policyBody(fd.Type, fd.Body, depth)
		}
	case *types.Var:
		var p Policy
		for _, s := range ix.in[obj] {
			p.merge(ix.policyOf(s.Value, depth+1))
		}
		return p
	}
	return Policy{}
}

// policyState is what holds where a statement of a policy runs.
type policyState struct {
	errBranch bool       // inside an if whose condition needs err != nil
	errNil    bool       // err is nil here
	conds     []ast.Expr // the conditions of the enclosing ifs and cases
	// byMethod: a test of the request's method encloses this point or
	// left the function before it (if req.Method != "GET" { return
	// false, nil }).
	byMethod bool
}

func (ix *Values) policyBody(ft *ast.FuncType, body *ast.BlockStmt, depth int) Policy {
	params := analysisutil.ParamVars(ix.info, ft)
	if len(params) != 3 || params[2] == nil || body == nil {
		return Policy{}
	}
	return ix.judge(body, params[2], depth)
}

// ConditionPolicy reads a resty v2 retry condition, func(*resty.Response,
// error) bool (retry.go:127-132): Errors when it may return true for a
// transport error, ServerErrors on a 500, 502 or 504.
func (ix *Values) ConditionPolicy(ft *ast.FuncType, body *ast.BlockStmt) Policy {
	params := analysisutil.ParamVars(ix.info, ft)
	if len(params) != 2 || params[1] == nil || body == nil {
		return Policy{}
	}
	p := ix.judge(body, params[1], 0)
	p.MethodAware = false
	ast.Inspect(body, func(n ast.Node) bool {
		// r.Request.Method of the resty request.
		if sel, ok := n.(*ast.SelectorExpr); ok && sel.Sel.Name == "Method" && httpmodel.IsNamed(ix.info.TypeOf(sel.X), RestyV2, "Request") {
			p.MethodAware = true
		}
		return true
	})
	return p
}

func (ix *Values) judge(body *ast.BlockStmt, errVar *types.Var, depth int) Policy {
	pc := &policyCheck{ix: ix, err: errVar, depth: depth, p: Policy{Known: true}}
	pc.stmts(body.List, policyState{})
	// A policy decides by method when it reads a request's Method and
	// every return that retries an unknown outcome is under such a test
	// or after one that left: return !c.onlyIdempotent || isIdempotent(
	// req.Method) retries a POST whenever the flag is off.
	pc.p.MethodAware = pc.p.MethodAware || pc.readsMethod(body) && !pc.unguarded
	return pc.p
}

// readsMethod reports whether n reads a request's Method.
func (pc *policyCheck) readsMethod(n ast.Node) bool {
	found := false
	ast.Inspect(n, func(n ast.Node) bool {
		if sel, ok := n.(*ast.SelectorExpr); ok && sel.Sel.Name == "Method" && httpmodel.IsRequest(pc.ix.info.TypeOf(sel.X)) {
			found = true
		}
		return !found
	})
	return found
}

type policyCheck struct {
	ix    *Values
	err   *types.Var
	depth int
	p     Policy
	// unguarded: a return retries an unknown outcome with no test of the
	// method around it or before it.
	unguarded bool
}

func (pc *policyCheck) stmts(list []ast.Stmt, st policyState) {
	for _, s := range list {
		st = pc.stmt(s, st)
	}
}

// stmt walks s in state st and returns the state after it.
func (pc *policyCheck) stmt(s ast.Stmt, st policyState) policyState {
	switch s := s.(type) {
	case *ast.BlockStmt:
		pc.stmts(s.List, st)
	case *ast.IfStmt:
		then := st
		then.conds = append(append([]ast.Expr(nil), st.conds...), s.Cond)
		byMethod := pc.readsMethod(s.Cond)
		then.byMethod = st.byMethod || byMethod
		if pc.needsErr(s.Cond) {
			then.errBranch = true
		}
		if pc.isErrNil(s.Cond, token.EQL) {
			then.errNil = true
		}
		pc.stmts(s.Body.List, then)
		if s.Else != nil {
			els := st
			els.byMethod = st.byMethod || byMethod
			if pc.isErrNil(s.Cond, token.EQL) {
				els.errBranch = true
			}
			if pc.isErrNil(s.Cond, token.NEQ) {
				els.errNil = true
			}
			pc.stmt(s.Else, els)
		}
		if pc.isErrNil(s.Cond, token.NEQ) && analysisutil.Terminates(s.Body) {
			st.errNil = true
		}
		if byMethod && analysisutil.Terminates(s.Body) {
			st.byMethod = true
		}
	case *ast.SwitchStmt:
		for _, c := range s.Body.List {
			cc := c.(*ast.CaseClause)
			in := st
			in.conds = append([]ast.Expr(nil), st.conds...)
			in.byMethod = st.byMethod || s.Tag != nil && pc.readsMethod(s.Tag)
			for _, v := range cc.List {
				in.byMethod = in.byMethod || pc.readsMethod(v)
			}
			for _, v := range cc.List {
				if s.Tag != nil {
					in.conds = append(in.conds, &ast.BinaryExpr{X: s.Tag, Op: token.EQL, Y: v})
				} else {
					in.conds = append(in.conds, v)
					if pc.needsErr(v) {
						in.errBranch = true
					}
				}
			}
			pc.stmts(cc.Body, in)
		}
	case *ast.ForStmt:
		pc.stmts(s.Body.List, st)
	case *ast.RangeStmt:
		pc.stmts(s.Body.List, st)
	case *ast.ReturnStmt:
		if len(s.Results) > 0 {
			pc.ret(s.Results[0], st)
		}
	}
	return st
}

// ret judges the first result of a return in state st.
func (pc *policyCheck) ret(r ast.Expr, st policyState) {
	info := pc.ix.info
	// return a || b retries when either does: a policy that adds retries
	// of its own to another (shouldRetry || err == nil && custom(resp))
	// keeps every retry of the one it delegates to.
	if b, ok := ast.Unparen(r).(*ast.BinaryExpr); ok && b.Op == token.LOR {
		pc.ret(b.X, st)
		pc.ret(b.Y, st)
		return
	}
	if tv, ok := info.Types[r]; ok && tv.Value != nil && tv.Value.Kind() == constant.Bool && !constant.BoolVal(tv.Value) {
		return // false: no retry
	}
	// A delegation: return DefaultRetryPolicy(ctx, resp, err), or the
	// result of such a call kept in a variable.
	if sub, ok := pc.delegate(r); ok {
		if !st.errNil {
			pc.p.Errors = pc.p.Errors || sub.Errors
		}
		pc.p.ServerErrors = pc.p.ServerErrors || sub.ServerErrors
		pc.p.Flag = pc.p.Flag || sub.Flag
		pc.p.MethodAware = pc.p.MethodAware || sub.MethodAware
		if (sub.Errors || sub.ServerErrors) && !sub.MethodAware && !st.byMethod && !pc.readsMethod(r) {
			pc.unguarded = true
		}
		return
	}
	tv := info.Types[r]
	constTrue := tv.Value != nil && tv.Value.Kind() == constant.Bool && constant.BoolVal(tv.Value)
	unknown := false
	if st.errBranch && !st.errNil || pc.needsErr(r) {
		pc.p.Errors = true
		pc.p.Flag = pc.p.Flag || !constTrue
		unknown = true
	}
	for _, c := range append(st.conds, r) {
		if status5xx(info, c) {
			pc.p.ServerErrors = true
			pc.p.Flag = pc.p.Flag || !constTrue && c != r
			unknown = true
		}
	}
	if unknown && !st.byMethod && !pc.readsMethod(r) {
		pc.unguarded = true
	}
}

// delegate reports whether r is a call of another policy, or a variable
// assigned the result of one.
func (pc *policyCheck) delegate(r ast.Expr) (Policy, bool) {
	r = ast.Unparen(r)
	if call, ok := r.(*ast.CallExpr); ok && len(call.Args) == 3 {
		p := pc.ix.policyOf(call.Fun, pc.depth+1)
		return p, p.Known
	}
	if v := varOf(pc.ix.info, r); v != nil && v.Parent() != nil && v.Parent() != v.Pkg().Scope() {
		for _, s := range pc.ix.in[v] {
			if call, ok := ast.Unparen(s.Value).(*ast.CallExpr); ok && len(call.Args) == 3 {
				if p := pc.ix.policyOf(call.Fun, pc.depth+1); p.Known {
					return p, true
				}
			}
		}
	}
	return Policy{}, false
}

// needsErr reports whether e holds err != nil outside a negation.
func (pc *policyCheck) needsErr(e ast.Expr) bool {
	found := false
	ast.Inspect(e, func(n ast.Node) bool {
		if u, ok := n.(*ast.UnaryExpr); ok && u.Op == token.NOT {
			return false
		}
		if b, ok := n.(*ast.BinaryExpr); ok && pc.isErrNil(b, token.NEQ) {
			found = true
		}
		// errors.Is(err, target) and errors.As(err, &target) hold only
		// for an error.
		if call, ok := n.(*ast.CallExpr); ok && len(call.Args) == 2 && httpmodel.IsPkgFunc(httpmodel.Callee(pc.ix.info, call), "errors", "Is", "As") && varOf(pc.ix.info, call.Args[0]) == pc.err {
			found = true
		}
		return !found
	})
	return found
}

// isErrNil reports whether e is err op nil (or nil op err).
func (pc *policyCheck) isErrNil(e ast.Expr, op token.Token) bool {
	b, ok := ast.Unparen(e).(*ast.BinaryExpr)
	if !ok || b.Op != op {
		return false
	}
	isErr := func(x ast.Expr) bool { return varOf(pc.ix.info, x) == pc.err }
	isNil := func(x ast.Expr) bool {
		id, ok := ast.Unparen(x).(*ast.Ident)
		return ok && id.Name == "nil" && pc.ix.info.Types[id].IsNil()
	}
	return isErr(b.X) && isNil(b.Y) || isNil(b.X) && isErr(b.Y)
}

// status5xx reports whether e holds, outside a negation, a comparison of
// a response's StatusCode that a 500, 502 or 504 satisfies.
func status5xx(info *types.Info, e ast.Expr) bool {
	found := false
	ast.Inspect(e, func(n ast.Node) bool {
		if u, ok := n.(*ast.UnaryExpr); ok && u.Op == token.NOT {
			return false
		}
		b, ok := n.(*ast.BinaryExpr)
		if !ok {
			return !found
		}
		x, y, op := b.X, b.Y, b.Op
		if isStatusCode(info, y) {
			x, y, op = y, x, paths.Swap(op)
		}
		if !isStatusCode(info, x) {
			return !found
		}
		v, ok := IntValue(info, y)
		if !ok {
			return !found
		}
		switch op {
		case token.GEQ:
			found = v <= 504
		case token.GTR:
			found = v < 504
		case token.EQL:
			found = v == 500 || v == 502 || v == 504
		}
		return !found
	})
	return found
}

func isStatusCode(info *types.Info, e ast.Expr) bool {
	sel, ok := ast.Unparen(e).(*ast.SelectorExpr)
	return ok && sel.Sel.Name == "StatusCode" && httpmodel.IsResponse(info.TypeOf(sel.X))
}
