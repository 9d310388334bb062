package retryidempotency

// This file holds retry predicates: functions that say from a send's
// response and error whether to try again (shouldRetry(resp, err),
// isTransient(err)). A loop that asks one is judged by its value in each
// outcome, which a fact carries to the packages that call it.

import (
	"go/ast"
	"go/types"
	"slices"
	"strconv"

	"github.com/retrylint/retrylint/internal/analysisutil"
	"github.com/retrylint/retrylint/internal/flow"
	"github.com/retrylint/retrylint/internal/httpmodel"
	"github.com/retrylint/retrylint/internal/paths"
)

// predFact describes a retry predicate: a function that returns a bool
// and takes a response (*http.Response) or an error, or both. Transport
// and Status are its value after a transport error and after each status
// of unknownStatuses (in that order), when its response and error
// parameters hold those of one send.
type predFact struct {
	Transport paths.Tri
	Status    []paths.Tri
}

func (*predFact) AFact() {}

func (f *predFact) String() string {
	names := [...]string{paths.Maybe: "?", paths.Yes: "true", paths.No: "false"}
	s := "predicate(transport=" + names[f.Transport]
	for i, st := range unknownStatuses {
		if v := f.Status[i]; v != paths.Maybe {
			s += " " + strconv.Itoa(st) + "=" + names[v]
		}
	}
	return s + ")"
}

// predParams returns the response, error and status parameters of a
// predicate's signature (-1 when it has none of that kind), and whether
// sig is one: one bool result (beside any others: shouldRetry(ctx, resp,
// err) (bool, error), checkWait(resp) (time.Duration, bool)), at most one
// parameter of each kind and at least one. A status is the one integer
// parameter of a predicate without a response and with one result
// (isRetryableStatus(code int) bool); it is judged only where the call
// hands it a status.
func predParams(sig *types.Signature) (resp, err, status int, ok bool) {
	if boolResult(sig) < 0 {
		return -1, -1, -1, false
	}
	resp, err, status = -1, -1, -1
	ints := 0
	errType := analysisutil.ErrorType
	for i := range sig.Params().Len() {
		t := sig.Params().At(i).Type()
		switch {
		case httpmodel.IsResponse(t):
			if resp >= 0 {
				return -1, -1, -1, false
			}
			resp = i
		case types.Identical(t, errType):
			if err >= 0 {
				return -1, -1, -1, false
			}
			err = i
		default:
			// A status is an integer; a rune or a byte is a character
			// (isSpace(r rune) bool), and a byte cannot hold 404 either.
			if b, isBasic := t.Underlying().(*types.Basic); isBasic && b.Info()&types.IsInteger != 0 && !isChar(t) {
				ints++
				status = i
			}
		}
	}
	if resp >= 0 || ints != 1 || sig.Results().Len() > 1 {
		// A status stands alone (isRetryableStatus(code int) bool): an
		// integer beside other results is as likely an attempt count
		// (attemptOnce(c, req, n) (bool, error)).
		status = -1
	}
	return resp, err, status, resp >= 0 || err >= 0 || status >= 0
}

// forwards reports whether e is a call whose results are a tuple with
// its one bool at index k: a return that hands on all of another call's
// results.
func forwards(info *types.Info, e ast.Expr, k int) bool {
	call, ok := ast.Unparen(e).(*ast.CallExpr)
	if !ok {
		return false
	}
	sig, ok := typeUnder(info.TypeOf(call.Fun)).(*types.Signature)
	return ok && sig.Results().Len() > 1 && boolResult(sig) == k
}

// boolResult returns the index of the one result of sig of type bool, or
// -1 when it has none or more than one.
func boolResult(sig *types.Signature) int {
	k := -1
	for i := range sig.Results().Len() {
		if b, isBasic := sig.Results().At(i).Type().Underlying().(*types.Basic); isBasic && b.Kind() == types.Bool {
			if k >= 0 {
				return -1
			}
			k = i
		}
	}
	return k
}

// isChar reports whether t is rune or byte, spelled so or under a name of
// its own (type char rune).
func isChar(t types.Type) bool {
	for {
		switch u := types.Unalias(t).(type) {
		case *types.Basic:
			return u.Name() == "rune" || u.Name() == "byte" || u.Kind() == types.Uint8 || u.Kind() == types.Int8
		case *types.Named:
			t = u.Underlying()
		default:
			return false
		}
	}
}

// computePredicates summarises the retry predicates of the package and
// exports a fact for each that is known in some outcome.
func (c *checker) computePredicates() {
	for _, f := range c.calls.Funcs() {
		if f.Obj == nil || f.Decl.Body == nil {
			continue
		}
		if _, _, _, ok := predParams(f.Obj.Type().(*types.Signature)); !ok {
			continue
		}
		if p := c.predicate(f.Obj); p != nil {
			c.pass.ExportObjectFact(f.Obj, p)
		}
	}
}

// predicate returns the fact of the retry predicate fn, nil when fn is
// not one or says nothing known.
func (c *checker) predicate(fn *types.Func) *predFact {
	fn = fn.Origin()
	if fn.Pkg() != c.pass.Pkg {
		var f predFact
		if c.pass.ImportObjectFact(fn, &f) {
			return &f
		}
		return nil
	}
	if p, done := c.preds[fn]; done {
		return p
	}
	c.preds[fn] = nil // a recursive call knows nothing
	var decl *ast.FuncDecl
	if f, ok := c.calls.Decl(fn); ok {
		decl = f.Decl
	}
	if decl == nil {
		return nil
	}
	sig := fn.Type().(*types.Signature)
	resp, errIdx, status, ok := predParams(sig)
	g := c.loops.Graph(decl)
	if !ok || g == nil {
		return nil
	}
	m := predOutcome(&outcome{c: c, info: c.pass.TypesInfo, errKnown: true}, sig, resp, errIdx, status)
	value := func(env outcomeEnv) paths.Tri {
		m.env = env
		return m.returned(g, sig)
	}
	p := &predFact{Transport: value(outcomeEnv{transport: true}), Status: make([]paths.Tri, len(unknownStatuses))}
	known := p.Transport != paths.Maybe
	for i, st := range unknownStatuses {
		p.Status[i] = value(outcomeEnv{status: st})
		known = known || p.Status[i] != paths.Maybe
	}
	if !known {
		return nil
	}
	c.preds[fn] = p
	return p
}

// callCond evaluates a call of a retry predicate whose response and error
// parameters receive the send's.
// callersPolicy reports whether call calls a parameter of type func(error)
// bool with the send's error: a retry policy the caller hands the sender.
func (m *outcome) callersPolicy(call *ast.CallExpr) bool {
	id, ok := ast.Unparen(call.Fun).(*ast.Ident)
	if !ok || len(call.Args) != 1 || !m.isVar(call.Args[0], m.errVar) {
		return false
	}
	v, ok := m.info.Uses[id].(*types.Var)
	if !ok || v.Kind() != types.ParamVar {
		return false
	}
	sig, ok := v.Type().Underlying().(*types.Signature)
	return ok && sig.Params().Len() == 1 && sig.Results().Len() == 1 &&
		analysisutil.IsError(sig.Params().At(0).Type()) &&
		types.Identical(sig.Results().At(0).Type(), types.Typ[types.Bool])
}

func (m *outcome) callCond(call *ast.CallExpr) paths.Tri {
	if m.c == nil {
		return paths.Maybe
	}
	fn := httpmodel.Callee(m.info, call)
	if fn == nil {
		if m.callerPolicy && m.callersPolicy(call) {
			return paths.No
		}
		if lit := m.c.predicateLit(call); lit != nil {
			return m.litValue(lit, call)
		}
		return paths.Maybe
	}
	sig, ok := fn.Type().(*types.Signature)
	if !ok {
		return paths.Maybe
	}
	_, args := httpmodel.Receiver(m.info, call)
	if _, _, _, ok := m.predArgs(sig, args); !ok {
		return paths.Maybe
	}
	p := m.c.predicate(fn)
	if p == nil {
		return paths.Maybe
	}
	if m.env.transport {
		return p.Transport
	}
	if i := slices.Index(unknownStatuses, m.env.status); i >= 0 && i < len(p.Status) {
		return p.Status[i]
	}
	return paths.Maybe
}

// predicateLit returns the function literal that call, a call of a local
// variable, calls: the variable is given it once (shouldRetry :=
// func(err error) bool {...}), or the result of a function of the
// package that returns it (for shouldRetry := newChecker(3); ; {...},
// where newChecker returns one literal, its state captured). Nil
// otherwise.
func (c *checker) predicateLit(call *ast.CallExpr) *ast.FuncLit {
	info := c.pass.TypesInfo
	id, ok := ast.Unparen(call.Fun).(*ast.Ident)
	if !ok {
		return nil
	}
	v, ok := info.Uses[id].(*types.Var)
	if !ok || v.Kind() != types.LocalVar {
		return nil
	}
	d, ok := c.calls.DeclAt(v.Pos())
	if !ok {
		return nil
	}
	vals, known := flow.Assigned(info, d.Decl, v)
	if !known || len(vals) != 1 {
		return nil
	}
	return c.madeLit(vals[0], 0)
}

// madeLit returns the function literal e is, or that the function of the
// package e calls always returns (directly, or what another such
// function returns).
func (c *checker) madeLit(e ast.Expr, depth int) *ast.FuncLit {
	switch e := ast.Unparen(e).(type) {
	case *ast.FuncLit:
		return e
	case *ast.CallExpr:
		fn := httpmodel.Callee(c.pass.TypesInfo, e)
		if fn == nil || fn.Pkg() != c.pass.Pkg || depth > 2 {
			return nil
		}
		d, ok := c.calls.Decl(fn)
		if !ok || d.Decl.Body == nil {
			return nil
		}
		var lit *ast.FuncLit
		for _, ret := range c.calls.Returns(d.Decl) {
			if len(ret.Results) != 1 {
				return nil
			}
			l := c.madeLit(ret.Results[0], depth+1)
			if l == nil || lit != nil && l != lit {
				return nil
			}
			lit = l
		}
		return lit
	}
	return nil
}

// litValue evaluates call, a call of the retry predicate lit, in m's
// outcome: lit's response and error parameters take the send's when the
// call hands them over, and its returns are walked in the same outcome
// (a transport error as the send returns it, or the status).
func (m *outcome) litValue(lit *ast.FuncLit, call *ast.CallExpr) paths.Tri {
	info := m.info
	sig, ok := info.TypeOf(lit).(*types.Signature)
	if !ok {
		return paths.Maybe
	}
	resp, errIdx, status, ok := m.predArgs(sig, call.Args)
	g := m.c.loops.Graph(lit)
	if !ok || status >= 0 || g == nil {
		return paths.Maybe
	}
	sub := &outcome{c: m.c, info: info, errKnown: m.errKnown, env: m.env, kept: m.kept, fresh: m.fresh, flattened: m.flattened}
	return predOutcome(sub, sig, resp, errIdx, status).returned(g, sig)
}

// predArgs returns the response, error and status parameters of a retry
// predicate of signature sig (see predParams), and whether args, the
// arguments of a call of it, hand it the send's response, error and
// status in m.
func (m *outcome) predArgs(sig *types.Signature, args []ast.Expr) (resp, errIdx, status int, ok bool) {
	resp, errIdx, status, ok = predParams(sig)
	if !ok || sig.Variadic() || len(args) != sig.Params().Len() ||
		resp >= 0 && !m.isVar(args[resp], m.resp) || errIdx >= 0 && !m.isVar(args[errIdx], m.errVar) || status >= 0 && !m.isStatus(args[status]) {
		return -1, -1, -1, false
	}
	return resp, errIdx, status, true
}

// predOutcome makes m the model of the body of a predicate of signature
// sig, whose parameters resp, errIdx and status (-1 for none) stand for
// the send's response, error and status, and returns it.
func predOutcome(m *outcome, sig *types.Signature, resp, errIdx, status int) *outcome {
	m.statusVars = map[*types.Var]bool{}
	if resp >= 0 {
		m.resp = sig.Params().At(resp)
	}
	if errIdx >= 0 {
		m.errVar = sig.Params().At(errIdx)
	}
	if status >= 0 {
		m.statusVars[sig.Params().At(status)] = true
	}
	return m
}

// returned is the value of a predicate whose body is g in m's outcome:
// the one bool every return the outcome reaches gives as its bool result
// (sig is the predicate's signature), Maybe when they differ or one is
// unknown (a bare return of named results, a call that gives them all).
func (m *outcome) returned(g *paths.Graph, sig *types.Signature) paths.Tri {
	v, first := paths.Maybe, true
	k := boolResult(sig)
	for _, r := range g.Returns(m) {
		var w paths.Tri
		switch {
		case k < 0:
			return paths.Maybe
		case len(r.Results) == sig.Results().Len():
			w = m.boolOf(r.Results[k])
		case len(r.Results) == 1 && forwards(m.info, r.Results[0], k):
			// return checkRejected(resp): the bool of another
			// predicate's results, in the same place.
			w = m.boolOf(r.Results[0])
		default:
			return paths.Maybe
		}
		if first {
			v, first = w, false
		} else if w != v {
			return paths.Maybe
		}
	}
	return v
}
