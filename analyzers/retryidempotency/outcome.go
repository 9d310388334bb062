package retryidempotency

import (
	"fmt"
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"slices"

	"github.com/retrylint/retrylint/internal/analysisutil"
	"github.com/retrylint/retrylint/internal/httpmodel"
	"github.com/retrylint/retrylint/internal/paths"
	"github.com/retrylint/retrylint/internal/retrylib"
	"github.com/retrylint/retrylint/internal/retryloop"
)

// unknownStatuses are the statuses after which a write may have been
// applied (POLICY: a 500, 502 or 504 after it may have been processed; a
// 2xx says it was). A 4xx is the server's refusal of the attempt (400,
// 401 before a new token, 409, 422), and 408, 425, 429 and 503 say it was
// not processed: sending the write again after them applies it once.
var unknownStatuses = []int{200, 201, 202, 204, 500, 502, 504}

// serverUnknownStatuses are the statuses after which the outcome of a
// request is unknown whatever its method (POLICY: a 500, 502 or 504 after
// it may have been processed). A retrying sender is judged on these: a
// 4xx is the server's answer to the request, which is not applied twice
// by sending it again.
var serverUnknownStatuses = []int{500, 502, 504}

// retriesUnknown reports whether the loop can start another attempt after
// the send s ends in an unknown outcome, and names that outcome.
//
// For an operation handed to a retry helper (l.Via), another attempt is
// what follows when the operation returns an error: a return whose last
// result is not nil.
func (c *checker) retriesUnknown(l *retryloop.Loop, s send) (string, bool) {
	return c.retriesUnknownOp(l, s, l.Via != nil)
}

// retriesUnknownOp is retriesUnknown, told whether l's body is an
// operation (as the body of a closure that a loop calls is).
func (c *checker) retriesUnknownOp(l *retryloop.Loop, s send, op bool) (string, bool) {
	var lib *retrylib.Library
	var retryIf ast.Expr
	if op && l.Lib != nil {
		lib = l.Lib.Lib
		if retrylib.IsRetryGo(lib.Path) && l.Lib.OptionsKnown {
			retryIf = retrylib.RetryGoOptions(c.pass.TypesInfo, l.Lib.Options).RetryIfFunc
		}
	}
	if op && !l.ErrStops && !l.Again && (lib == nil || lib.RetriesErrors) && returnsSend(l, s) {
		if retryIf == nil {
			return "a transport error", true
		}
		// The operation returns the send's error: the RetryIf
		// condition, judged for a transport error, decides.
		m := &outcome{c: c, info: c.pass.TypesInfo, env: outcomeEnv{transport: true}, retryIf: retryIf, kept: c.transportKept(s)}
		if m.kept && m.retryIfValue() == paths.Yes {
			return "a transport error", true
		}
	}
	m, as, ok := c.newOutcome(l, s)
	if !ok {
		c.why = "noassign"
		return "", false
	}
	m.op, m.lib, m.retryIf = op, lib, retryIf
	m.condOp, m.errStops, m.againOp = op && l.Cond, op && l.ErrStops, op && l.Again
	var loop ast.Stmt
	if !op && len(l.Self) == 0 {
		loop = l.Stmt
	}
	if len(l.Self) > 0 || len(l.Requeue) > 0 {
		// A retry by recursion or by requeue: its self-calls or
		// requeues are the next attempt.
		m.self = l
	}
	g := c.loops.Graph(l.Func)
	if g == nil {
		c.why = "nograph"
		return "", false
	}
	reaches := func(env outcomeEnv) bool {
		m.env = env
		next, ok := g.Next(loop, as, m)
		return ok && next
	}
	c.retried = nil
	transport := reaches(outcomeEnv{transport: true})
	if transport && s.anyMethod {
		// A sender that retries a transport error only when a policy
		// its caller hands it says so (if !policy(err) { return }):
		// the caller chooses what to retry for each request (a policy
		// that lets a POST retry only dial errors, where nothing was
		// sent); the statuses the sender retries are its own.
		m.callerPolicy = true
		transport = reaches(outcomeEnv{transport: true})
		m.callerPolicy = false
	}
	if transport && (m.resp == nil || !s.anyMethod) {
		return "a transport error", true
	}
	if !transport && m.resp == nil && m.statusVars == nil {
		// A helper: its error may stand for any outcome.
		c.why = "opaque"
		return "", false
	}
	statuses := unknownStatuses
	if s.anyMethod {
		statuses = serverUnknownStatuses
	}
	c.retried = nil
	for _, st := range statuses {
		if m.self != nil && st < 300 {
			continue // a self-call after a success goes on with the job
		}
		if reaches(outcomeEnv{status: st}) {
			c.retried = append(c.retried, st)
		}
	}
	switch {
	case transport:
		// A sender's guard covers the statuses it retries too.
		return "a transport error", true
	case len(c.retried) > 0:
		return fmt.Sprintf("status %d", c.retried[0]), true
	}
	c.why = "definite"
	return "", false
}

type outcomeEnv struct {
	transport bool
	status    int
}

// An outcome is the model of one outcome of a send (a transport error or
// a status) that the paths after it are walked in (see paths.Model): it
// evaluates conditions on the send's error, response and status.
type outcome struct {
	c          *checker
	info       *types.Info
	errVar     *types.Var
	resp       *types.Var
	statusVars map[*types.Var]bool
	// holders are the variables errors.As fills from an error made of
	// the response, whose StatusCode is its status (see statusHolders),
	// found in body at the first StatusCode not of the response itself.
	holders map[*types.Var]bool
	body    ast.Node
	held    bool
	env     outcomeEnv
	// op reports that the body is an operation of a retry helper: a
	// return of an error starts the next attempt.
	op bool
	// lib is the retry library the operation is handed to, whose marks
	// decide which returned errors it retries (see Return), or nil.
	lib *retrylib.Library
	// classifying marks the model of a function that answers the
	// send's outcome with an error (see classifierRetries), which is not
	// followed into another.
	classifying bool
	// retryIf is the condition of a retry-go RetryIf option, which
	// decides whether a returned error is retried (see libRetries).
	retryIf ast.Expr
	// self is the retry by recursion whose self-calls start the next
	// attempt (see Again), or nil.
	self *retryloop.Loop
	// condOp and errStops are the operation's Loop.Cond and Loop.ErrStops
	// (see Return).
	condOp, errStops bool
	// againOp is the operation's Loop.Again (see Return).
	againOp bool
	// bools are the bool variables defined after the send from a
	// condition (retry := shouldRetry(resp, err), _, ok := set[code]),
	// by the expression that gives their value; nil for one assigned
	// again.
	bools map[*types.Var]ast.Expr
	// errKnown reports that the error is nil whenever a status came, even
	// without a response variable (a predicate that takes only the
	// error); without it, an error with no response is a helper's, which
	// may stand for any outcome.
	errKnown bool
	// sent is the assignment of the send's results, which assigns them
	// but forgets nothing (see Forget).
	sent *ast.AssignStmt
	// forgot holds the models that Forget returned, by what they no
	// longer know, shared by every model made from one.
	forgot map[[2]bool]*outcome
	// kept reports that a transport error reaches the loop as net/http
	// made it (a *url.Error, in the chain of what the functions of this
	// package that pass it on return): it is then none of the package's
	// own error values (see sentinel).
	kept bool
	// flattened reports that a transport error reaches the loop folded
	// into a new error by a function of this package (fmt.Errorf with
	// %v): it is then no *url.Error, nor any net.Error.
	flattened bool
	// fresh reports that a transport error reaches the loop as net/http
	// made it or folded into a new error by fmt.Errorf (the functions
	// of this package that pass it on keep it or flatten it with %v):
	// either way it is none of the package's error variables.
	fresh bool
	// callerPolicy makes a call of a func value parameter on the send's
	// error (policy(err), a retry policy the caller hands the sender)
	// answer false: the retry it allows is the caller's choice (see
	// retriesUnknownOp).
	callerPolicy bool
}

// sentinel reports whether e names an error variable declared at the
// top level of this package (var ErrThrottled = errors.New(...)).
func (m *outcome) sentinel(e ast.Expr) bool {
	id, ok := ast.Unparen(e).(*ast.Ident)
	if !ok {
		return false
	}
	v, ok := m.info.Uses[id].(*types.Var)
	return ok && v.Pkg() == m.c.pass.Pkg && v.Parent() == v.Pkg().Scope() &&
		analysisutil.IsError(v.Type())
}

// ownErrorType reports whether e is &v for a variable v whose type is, or
// points to, a named concrete type declared in this package or in another
// outside the standard library (var apiErr *APIError; errors.As(err,
// &apiErr)).
func (m *outcome) ownErrorType(e ast.Expr) bool {
	u, ok := ast.Unparen(e).(*ast.UnaryExpr)
	if !ok || u.Op != token.AND {
		return false
	}
	t := m.info.TypeOf(u.X)
	if p, isPtr := types.Unalias(t).(*types.Pointer); isPtr {
		t = p.Elem()
	}
	// A concrete type: an interface of the package (a Timeout() bool
	// method set) is one that a transport error may implement.
	// A type of this package or of any other outside the standard
	// library (oidc.Error, which a sender of another package of the
	// module decodes from an answer): a transport error that reaches
	// the loop as net/http made it is a chain of the standard library's
	// types (*url.Error, *net.OpError, syscall.Errno, ...), none of them,
	// unless the client's transport made it: the error types of a
	// package that declares a RoundTripper are left out.
	n, ok := types.Unalias(t).(*types.Named)
	if !ok || types.IsInterface(n) || n.Obj().Pkg() == nil {
		return false
	}
	pkg := n.Obj().Pkg()
	if pkg == m.c.pass.Pkg {
		return true
	}
	return !analysisutil.InStd(m.c.pass, pkg.Path()) && !declaresRoundTripper(pkg)
}

// declaresRoundTripper reports whether pkg declares a type whose methods
// (its pointer's) include a RoundTrip of http.RoundTripper's signature
// (see httpmodel.IsRoundTrip): a transport, whose errors a client hands
// back inside its *url.Error.
func declaresRoundTripper(pkg *types.Package) bool {
	scope := pkg.Scope()
	for _, name := range scope.Names() {
		tn, ok := scope.Lookup(name).(*types.TypeName)
		if !ok || types.IsInterface(tn.Type()) {
			continue
		}
		obj, _, _ := types.LookupFieldOrMethod(types.NewPointer(tn.Type()), true, pkg, "RoundTrip")
		if fn, ok := obj.(*types.Func); ok && httpmodel.IsRoundTrip(fn) {
			return true
		}
	}
	return false
}

// Forget returns the model of a path past n when n assigns the send's
// error or response variable again after a transport error
// (req.Body, err = req.GetBody(); resp, err = c.Do(other)): a condition
// on it is then on another call's result, which the outcome says nothing
// of. It returns nil for any other node. After a status, the error
// assigned is most often the status's own (err = CheckResponse(resp)),
// which the package maps to errors of its own, often only for some
// statuses (a rate limit): it is kept as the send's, nil, rather than
// taken for any status alike.
func (m *outcome) Forget(n ast.Node) paths.Model {
	st, ok := n.(*ast.AssignStmt)
	if !ok || !m.env.transport || st == m.sent || (m.errVar == nil && m.resp == nil) {
		return nil
	}
	errAgain, respAgain := false, false
	for _, l := range st.Lhs {
		id, ok := ast.Unparen(l).(*ast.Ident)
		if !ok {
			continue
		}
		v := m.info.Uses[id]
		errAgain = errAgain || (m.errVar != nil && v == m.errVar)
		respAgain = respAgain || (m.resp != nil && v == m.resp)
	}
	if !errAgain && !respAgain {
		return nil
	}
	key := [2]bool{errAgain || m.errVar == nil, respAgain || m.resp == nil}
	if m.forgot == nil {
		m.forgot = map[[2]bool]*outcome{}
	}
	after := m.forgot[key]
	if after == nil {
		cp := *m
		after = &cp
		if key[0] {
			after.errVar = nil
		}
		if key[1] {
			after.resp = nil
		}
		m.forgot[key] = after
	}
	after.env = m.env
	return after
}

// returnsSend reports whether the send of s is a result of a return
// statement of the operation's body, so that its error is the
// operation's.
func returnsSend(l *retryloop.Loop, s send) bool {
	for _, st := range l.Body.List {
		if ret, ok := st.(*ast.ReturnStmt); ok && len(ret.Results) > 0 && ast.Unparen(ret.Results[len(ret.Results)-1]) == s.call {
			return true
		}
	}
	return false
}

// newOutcome prepares the model of the send's outcomes: the send must be
// the value of an assignment of its results in the loop's body (in a
// branch or not, in the init of an if statement or not). It returns the
// assignment, from which the paths start.
func (c *checker) newOutcome(l *retryloop.Loop, s send) (*outcome, *ast.AssignStmt, bool) {
	info := c.pass.TypesInfo
	m := &outcome{c: c, info: info, statusVars: map[*types.Var]bool{}, kept: c.transportKept(s)}
	m.flattened = !m.kept && s.helper != nil && c.transportFolded(s)
	m.fresh = m.kept || c.transportFolded(s)
	var as *ast.AssignStmt
	ast.Inspect(l.Body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.AssignStmt:
			if len(n.Rhs) == 1 && ast.Unparen(n.Rhs[0]) == s.call {
				as = n
			}
		}
		return as == nil
	})
	if as == nil {
		return nil, nil, false
	}
	varOf := func(e ast.Expr) *types.Var {
		id, ok := e.(*ast.Ident)
		if !ok || id.Name == "_" {
			return nil
		}
		v, _ := info.ObjectOf(id).(*types.Var)
		return v
	}
	switch {
	case s.helper == nil && len(as.Lhs) == 2:
		m.resp, m.errVar = varOf(as.Lhs[0]), varOf(as.Lhs[1])
	case (s.helper != nil || len(as.Lhs) > 2 || len(as.Lhs) == 1 && c.forwardsRequest(s)) && len(as.Lhs) >= 1:
		// A helper's results, or a sender's that hands back more
		// than the response (resp, body, err := c.doRequest(req)) or
		// only an error (err := do(req)):
		m.errVar = varOf(as.Lhs[len(as.Lhs)-1])
		m.statusVars = nil
		// A response the helper returns carries the statuses, as a
		// send's does (res, req, err := c.postNoRetry(...)), as in the
		// loop model's sendOutcome.
		for _, lhs := range as.Lhs[:len(as.Lhs)-1] {
			if t := info.TypeOf(lhs); t != nil && httpmodel.IsResponse(t) {
				if m.resp = varOf(lhs); m.resp != nil {
					m.statusVars = map[*types.Var]bool{}
				}
			}
		}
	default:
		return nil, nil, false
	}
	if m.errVar == nil || !analysisutil.IsError(m.errVar.Type()) {
		return nil, nil, false
	}
	m.sent = as
	m.body = l.Body
	return m, as, true
}

// forwardsRequest reports whether the send s is a call of a function
// known to send the request it is handed (its forwardFact): its one
// error then stands for the send's outcome. A function that takes the
// request and sends requests of its own (an authenticator that fetches
// a token, then sets it on the request) says nothing of that request.
func (c *checker) forwardsRequest(s send) bool {
	req, ok := c.forwarded(s.call)
	return ok && s.request != nil && ast.Unparen(req) == ast.Unparen(s.request) || ok && s.req != nil && varOf(c.pass.TypesInfo, req) == s.req
}

// statusHolders returns the variables of body that errors.As fills from
// an error made of the response resp (err := checkResponse(resp);
// errors.As(err, &he)) and whose type carries the status in an integer
// StatusCode field: he.StatusCode is the response's status.
func statusHolders(info *types.Info, body ast.Node, resp *types.Var) map[*types.Var]bool {
	if resp == nil {
		return nil
	}
	fromResp := map[*types.Var]bool{} // errors made of resp
	ast.Inspect(body, func(n ast.Node) bool {
		as, ok := n.(*ast.AssignStmt)
		if !ok || len(as.Lhs) != 1 || len(as.Rhs) != 1 {
			return true
		}
		call, ok := ast.Unparen(as.Rhs[0]).(*ast.CallExpr)
		if !ok || !slices.ContainsFunc(call.Args, func(a ast.Expr) bool {
			id, isID := ast.Unparen(a).(*ast.Ident)
			return isID && info.Uses[id] == resp
		}) {
			return true
		}
		if id, isID := as.Lhs[0].(*ast.Ident); isID {
			if v, isVar := info.ObjectOf(id).(*types.Var); isVar && analysisutil.IsError(v.Type()) {
				fromResp[v] = true
			}
		}
		return true
	})
	var out map[*types.Var]bool
	ast.Inspect(body, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if !ok || len(call.Args) != 2 || !httpmodel.IsErrorsAs(httpmodel.Callee(info, call)) {
			return true
		}
		e, isID := ast.Unparen(call.Args[0]).(*ast.Ident)
		u, isAddr := ast.Unparen(call.Args[1]).(*ast.UnaryExpr)
		if !isID || !isAddr || u.Op != token.AND {
			return true
		}
		if ev, isVar := info.Uses[e].(*types.Var); !isVar || !fromResp[ev] {
			return true
		}
		t, isTarget := ast.Unparen(u.X).(*ast.Ident)
		if !isTarget {
			return true
		}
		v, isVar := info.Uses[t].(*types.Var)
		if !isVar {
			return true
		}
		obj, _, _ := types.LookupFieldOrMethod(v.Type(), true, v.Pkg(), "StatusCode")
		if f, isField := obj.(*types.Var); isField && f.IsField() {
			if b, isBasic := f.Type().Underlying().(*types.Basic); isBasic && b.Info()&types.IsInteger != 0 {
				if out == nil {
					out = map[*types.Var]bool{}
				}
				out[v] = true
			}
		}
		return true
	})
	return out
}

// leavesOrContinues reports whether n holds a return, a branch statement
// or a call that never returns, outside function literals.
func leavesOrContinues(info *types.Info, n ast.Node) bool {
	found := false
	ast.Inspect(n, func(m ast.Node) bool {
		switch m := m.(type) {
		case *ast.FuncLit:
			return false
		case *ast.ReturnStmt, *ast.BranchStmt:
			found = true
		case *ast.CallExpr:
			found = httpmodel.NoReturn(info, m)
		}
		return !found
	})
	return found
}

// Visit learns the variables that hold the status (code :=
// resp.StatusCode) and the bool variables defined from a condition.
func (m *outcome) Visit(n ast.Node) {
	st, ok := n.(*ast.AssignStmt)
	if !ok {
		return
	}
	m.learnBool(st)
	if len(st.Lhs) != 1 || len(st.Rhs) != 1 || m.statusVars == nil || !m.isStatus(st.Rhs[0]) {
		return
	}
	if id, ok := st.Lhs[0].(*ast.Ident); ok {
		if v, ok := m.info.ObjectOf(id).(*types.Var); ok {
			m.statusVars[v] = true
		}
	}
}

// learnBool records the bool variable that st defines from a condition
// (ok := set[code], retry := shouldRetry(resp, err), _, ok := set[code]),
// and forgets one that st assigns again.
func (m *outcome) learnBool(st *ast.AssignStmt) {
	if m.bools == nil {
		m.bools = map[*types.Var]ast.Expr{}
	}
	var id *ast.Ident
	var val ast.Expr
	switch {
	case len(st.Lhs) == 1 && len(st.Rhs) == 1:
		id, _ = st.Lhs[0].(*ast.Ident)
		val = st.Rhs[0]
	case len(st.Lhs) == 2 && len(st.Rhs) == 1:
		// The comma-ok form of a set lookup.
		if ix, ok := ast.Unparen(st.Rhs[0]).(*ast.IndexExpr); ok {
			if _, isMap := typeUnder(m.info.TypeOf(ix.X)).(*types.Map); isMap {
				id, _ = st.Lhs[1].(*ast.Ident)
				val = ix
			}
		}
	}
	if call, ok := ast.Unparen(st.Rhs[0]).(*ast.CallExpr); ok && len(st.Lhs) > 1 && len(st.Rhs) == 1 && val == nil {
		// The bool result of a call with more (wait, retry :=
		// checkWait(resp); retry, err := shouldRetry(ctx, resp,
		// err)): the call stands for it, as a call of a predicate
		// with one result does (see callCond).
		if sig, isSig := typeUnder(m.info.TypeOf(call.Fun)).(*types.Signature); isSig {
			if k := boolResult(sig); k >= 0 && k < len(st.Lhs) && sig.Results().Len() == len(st.Lhs) {
				id, _ = st.Lhs[k].(*ast.Ident)
				val = call
			}
		}
	}
	for _, l := range st.Lhs {
		if x, ok := l.(*ast.Ident); ok && (x != id || st.Tok != token.DEFINE) {
			if v, ok := m.info.Uses[x].(*types.Var); ok {
				if _, known := m.bools[v]; known {
					m.bools[v] = nil
				}
			}
		}
	}
	if id == nil || val == nil || st.Tok != token.DEFINE {
		return
	}
	v, ok := m.info.Defs[id].(*types.Var)
	if !ok {
		// Redeclared by :=, an assignment: forgotten, as any other.
		if u, isVar := m.info.Uses[id].(*types.Var); isVar {
			if _, known := m.bools[u]; known {
				m.bools[u] = nil
			}
		}
		return
	}
	if b, ok := v.Type().Underlying().(*types.Basic); ok && b.Kind() == types.Bool {
		m.bools[v] = val
	}
}

func typeUnder(t types.Type) types.Type {
	if t == nil {
		return nil
	}
	return t.Underlying()
}

// member evaluates whether the status is in the constant set x (a
// package variable, see flow.ConstSets).
func (m *outcome) member(x, status ast.Expr) paths.Tri {
	if m.c == nil || !m.isStatus(status) {
		return paths.Maybe
	}
	id, ok := ast.Unparen(x).(*ast.Ident)
	if sel, isSel := ast.Unparen(x).(*ast.SelectorExpr); isSel {
		id, ok = sel.Sel, true // a set of another package is read as none
	}
	if !ok {
		return paths.Maybe
	}
	v, ok := m.info.Uses[id].(*types.Var)
	if !ok {
		return paths.Maybe
	}
	set, ok := m.c.constSets()[v]
	st, known := m.value(status)
	if !ok || !known {
		return paths.Maybe
	}
	if set[st] {
		return paths.Yes
	}
	return paths.No
}

// Again reports whether n holds a self-call of the retry by recursion
// the send belongs to: it starts the next attempt.
func (m *outcome) Again(n ast.Node) bool { return m.self != nil && m.self.HasSelfCall(n) }

// Iterates reports whether the loop is a worker's, whose next iteration
// takes another item (see paths.Iterator).
func (m *outcome) Iterates() bool { return m.self != nil && len(m.self.Requeue) > 0 }

// Cond evaluates a branch condition in the outcome.
func (m *outcome) Cond(e ast.Expr) paths.Tri { return m.cond(e) }

func (m *outcome) isVar(e ast.Expr, v *types.Var) bool {
	id, ok := ast.Unparen(e).(*ast.Ident)
	return ok && v != nil && m.info.Uses[id] == v
}

// isStatus reports whether e is resp.StatusCode or a variable holding it.
func (m *outcome) isStatus(e ast.Expr) bool {
	e = ast.Unparen(e)
	if sel, ok := e.(*ast.SelectorExpr); ok && sel.Sel.Name == "StatusCode" {
		if m.isVar(sel.X, m.resp) {
			return true
		}
		if id, isID := ast.Unparen(sel.X).(*ast.Ident); isID && m.body != nil {
			if !m.held {
				m.holders, m.held = statusHolders(m.info, m.body, m.resp), true
			}
			if v, isVar := m.info.Uses[id].(*types.Var); isVar && m.holders[v] {
				return true // he.StatusCode of an error made of the response
			}
		}
	}
	if id, ok := e.(*ast.Ident); ok {
		if v, ok := m.info.Uses[id].(*types.Var); ok && m.statusVars[v] {
			return true
		}
	}
	return false
}

// value evaluates an integer expression over the status.
func (m *outcome) value(e ast.Expr) (int64, bool) {
	info := m.info
	e = ast.Unparen(e)
	if tv := info.Types[e]; tv.Value != nil {
		v, exact := constant.Int64Val(constant.ToInt(tv.Value))
		return v, exact
	}
	if m.isStatus(e) {
		if m.env.transport {
			return 0, false
		}
		return int64(m.env.status), true
	}
	if b, ok := e.(*ast.BinaryExpr); ok {
		x, ok1 := m.value(b.X)
		y, ok2 := m.value(b.Y)
		if !ok1 || !ok2 {
			return 0, false
		}
		switch b.Op {
		case token.ADD:
			return x + y, true
		case token.SUB:
			return x - y, true
		case token.MUL:
			return x * y, true
		case token.QUO:
			if y != 0 {
				return x / y, true
			}
		case token.REM:
			if y != 0 {
				return x % y, true
			}
		}
	}
	return 0, false
}

func (m *outcome) compare(x ast.Expr, op token.Token, y ast.Expr) paths.Tri {
	// err and resp against nil.
	nilness := func(a, b ast.Expr) (paths.Tri, bool) {
		if tv := m.info.Types[b]; !tv.IsNil() {
			return paths.Maybe, false
		}
		switch {
		case m.isVar(a, m.errVar):
			if m.env.transport {
				return paths.No, true // err == nil is false
			}
			if m.resp == nil && !m.errKnown {
				return paths.Maybe, true
			}
			return paths.Yes, true
		case m.isVar(a, m.resp):
			if m.env.transport {
				return paths.Yes, true
			}
			return paths.No, true
		}
		return paths.Maybe, false
	}
	if op == token.EQL || op == token.NEQ {
		t, ok := nilness(x, y)
		if !ok {
			t, ok = nilness(y, x)
		}
		if !ok && m.env.transport && m.fresh && (m.isVar(x, m.errVar) && m.sentinel(y) || m.isVar(y, m.errVar) && m.sentinel(x)) {
			// err == ErrPending, a case of switch err: a transport
			// error is none of the package's error variables.
			t, ok = paths.No, true
		}
		if ok {
			if op == token.NEQ {
				return t.Not()
			}
			return t
		}
	}
	a, ok1 := m.value(x)
	b, ok2 := m.value(y)
	if !ok1 || !ok2 {
		return paths.Maybe
	}
	return paths.Compare(a, op, b)
}

// cond evaluates a condition under the environment.
func (m *outcome) cond(e ast.Expr) paths.Tri {
	if t, ok := paths.Logic(e, m.cond); ok {
		return t
	}
	if m.c.sim != nil {
		if t, ok := m.c.postValue(m.c.sim, e); ok {
			return t // a test of the method, decided for a POST
		}
	}
	switch e := ast.Unparen(e).(type) {
	case *ast.BinaryExpr:
		switch e.Op {
		case token.EQL, token.NEQ, token.LSS, token.LEQ, token.GTR, token.GEQ:
			return m.compare(e.X, e.Op, e.Y)
		}
	case *ast.CallExpr:
		if err, ok := httpmodel.NotSentTest(m.info, e); ok && m.isVar(err, m.errVar) {
			// A transport error of unknown outcome came after the
			// request may have been written, and a status after it
			// was answered: neither is a refused connection.
			return paths.No
		}
		if f := httpmodel.Callee(m.info, e); httpmodel.IsPkgFunc(f, "errors", "Is") && len(e.Args) == 2 &&
			m.isVar(e.Args[0], m.errVar) && m.env.transport && m.fresh && m.sentinel(e.Args[1]) {
			// errors.Is(err, ErrThrottled): a transport error is none of
			// the package's own errors.
			return paths.No
		}
		if err, ok := httpmodel.TransportErrorTest(m.info, e); ok && m.isVar(err, m.errVar) {
			// errors.As(err, &urlErr): a *url.Error is what a transport
			// error is; an answered request gave none. One flattened on
			// the way (fmt.Errorf with %v) holds none either.
			if m.env.transport && m.flattened {
				return paths.Maybe
			}
			return paths.Of(m.env.transport)
		}
		if f := httpmodel.Callee(m.info, e); httpmodel.IsErrorsAs(f) && len(e.Args) == 2 &&
			m.isVar(e.Args[0], m.errVar) && m.env.transport && m.kept && m.ownErrorType(e.Args[1]) {
			// errors.As(err, &apiErr) into an error type of the
			// package (the one it makes of an answer): a transport
			// error, as net/http made it, holds none, as it is none of
			// the package's sentinels.
			return paths.No
		}
		if f := httpmodel.Callee(m.info, e); httpmodel.IsPkgFunc(f, "slices", "Contains") && len(e.Args) == 2 {
			return m.member(e.Args[0], e.Args[1]) // slices.Contains(retryable, code)
		}
		return m.callCond(e) // shouldRetry(resp, err)
	case *ast.IndexExpr:
		return m.member(e.X, e.Index) // retryable[code]
	case *ast.Ident:
		// A bool defined from a condition: retry := shouldRetry(resp, err).
		if v, ok := m.info.Uses[e].(*types.Var); ok {
			if val := m.bools[v]; val != nil {
				m.bools[v] = nil // a definition in terms of itself is unknown
				t := m.boolOf(val)
				m.bools[v] = val
				return t
			}
		}
	}
	return paths.Maybe
}

// failure reports whether the error e, returned by an operation, is
// certainly not nil in the outcome simulated: the send's error after a
// transport error, an error made by fmt.Errorf, errors.New or
// errors.Join, a package-level error variable, or a value of a concrete
// type. Another call (resp.Body.Close(), a helper) may return nil: it is
// not taken for a failure.
func (m *outcome) failure(e ast.Expr) bool {
	info := m.info
	switch e := ast.Unparen(e).(type) {
	case *ast.Ident:
		v, ok := info.Uses[e].(*types.Var)
		if !ok {
			return false
		}
		if v == m.errVar {
			return m.env.transport
		}
		return v.Parent() == v.Pkg().Scope()
	case *ast.SelectorExpr:
		v, ok := info.Uses[e.Sel].(*types.Var)
		return ok && !v.IsField() && v.Parent() == v.Pkg().Scope()
	case *ast.CallExpr:
		f := httpmodel.Callee(info, e)
		return httpmodel.IsPkgFunc(f, "fmt", "Errorf") || httpmodel.IsPkgFunc(f, "errors", "New", "Join")
	case *ast.UnaryExpr:
		return e.Op == token.AND
	case *ast.CompositeLit:
		return true
	}
	return false
}
