package retryidempotency

import (
	"go/ast"
	"go/constant"
	"go/types"

	"github.com/retrylint/retrylint/internal/analysisutil"
	"github.com/retrylint/retrylint/internal/httpmodel"
	"github.com/retrylint/retrylint/internal/paths"
	"github.com/retrylint/retrylint/internal/retrylib"
)

// Return reports whether the return statement st of an operation
// handed to a retry helper makes the helper call the operation again, in
// the outcome simulated: a return of an error that is certainly not nil,
// unless an error ends the helper's retry (a condition of Kubernetes'
// wait package); for a condition (done bool, err error), also a return of
// a done that is certainly false with a nil error; for an operation that
// answers (again bool, err error), a return of an again certainly true.
func (m *outcome) Return(st *ast.ReturnStmt) bool {
	if !m.op {
		return false
	}
	if m.c.fw != nil {
		return m.c.frameworkReturn(m, st)
	}
	if len(st.Results) == 0 {
		return false
	}
	last := st.Results[len(st.Results)-1]
	if m.againOp {
		// (again bool, err error): the bool alone decides.
		return len(st.Results) == 2 && m.boolOf(st.Results[0]) == paths.Yes
	}
	if m.lib != nil {
		return m.libRetries(last)
	}
	if m.failure(last) {
		return !m.errStops
	}
	if !m.condOp || len(st.Results) != 2 || !m.info.Types[last].IsNil() {
		return false
	}
	return m.boolOf(st.Results[0]) == paths.No
}

// libRetries reports whether the retry library m.lib calls the
// operation again when it returns the error e: one that retries every
// error does so unless e is marked permanent (backoff.Permanent(err),
// retry.Unrecoverable(err)); one that retries only the errors marked
// retryable (go-retry) does so only for a marked error certainly not nil
// (retry.RetryableError(err)).
func (m *outcome) libRetries(e ast.Expr) bool {
	call, _ := ast.Unparen(e).(*ast.CallExpr)
	if call != nil && m.retryIf == nil {
		// return classify(resp, err): a function of the package that
		// answers the send's outcome with the library's marks.
		if v, ok := m.classifierRetries(call); ok {
			return v == paths.Yes
		}
	}
	if !m.lib.RetriesErrors {
		return call != nil && len(call.Args) == 1 && retrylib.Marks(m.info, call, m.lib, true) && m.failure(call.Args[0])
	}
	if call != nil && retrylib.Marks(m.info, call, m.lib, false) {
		return false
	}
	if !m.failure(e) {
		return false
	}
	if m.retryIf != nil {
		// The caller's condition decides: retried only where it
		// certainly answers true for the outcome's error, which must be
		// the send's transport error as net/http made it (an operation
		// that answers it with an error of its own decides otherwise).
		return m.kept && m.isVar(e, m.errVar) && m.retryIfValue() == paths.Yes
	}
	return true
}

// retryIfValue evaluates the retry-go RetryIf condition m.retryIf in the
// outcome simulated, as a retry predicate taking the send's error (as
// net/http made it when m.kept): a function of the package or a literal,
// followed through; a function of another package, by its fact. Only a
// transport error is judged: the error an operation makes of an answer
// is its own, which the predicate's fact does not model.
func (m *outcome) retryIfValue() paths.Tri {
	if m.c == nil || !m.env.transport {
		return paths.Maybe
	}
	info := m.info
	var fnNode ast.Node
	var sig *types.Signature
	switch e := ast.Unparen(m.retryIf).(type) {
	case *ast.FuncLit:
		fnNode = e
		sig, _ = info.TypeOf(e).(*types.Signature)
	default:
		var fn *types.Func
		switch e := e.(type) {
		case *ast.Ident:
			fn, _ = info.Uses[e].(*types.Func)
		case *ast.SelectorExpr:
			fn, _ = info.Uses[e.Sel].(*types.Func)
		}
		if fn == nil {
			return paths.Maybe
		}
		if fn.Pkg() != m.c.pass.Pkg {
			if p := m.c.predicate(fn); p != nil {
				return p.Transport
			}
			return paths.Maybe
		}
		d, ok := m.c.calls.Decl(fn)
		if !ok || d.Decl.Body == nil {
			return paths.Maybe
		}
		fnNode = d.Decl
		sig, _ = fn.Type().(*types.Signature)
	}
	if sig == nil {
		return paths.Maybe
	}
	resp, errIdx, status, ok := predParams(sig)
	g := m.c.loops.Graph(fnNode)
	if !ok || resp >= 0 || status >= 0 || errIdx < 0 || g == nil {
		return paths.Maybe
	}
	sub := &outcome{c: m.c, info: info, errKnown: true, env: m.env, kept: m.kept, fresh: m.kept}
	return predOutcome(sub, sig, resp, errIdx, status).returned(g, sig)
}

// boolOf evaluates a boolean result: a constant, or a condition over the
// status and the error.
func (m *outcome) boolOf(e ast.Expr) paths.Tri {
	if tv := m.info.Types[ast.Unparen(e)]; tv.Value != nil && tv.Value.Kind() == constant.Bool {
		if constant.BoolVal(tv.Value) {
			return paths.Yes
		}
		return paths.No
	}
	return m.cond(e)
}

// classifierRetries evaluates call, a call of a function of the package
// that takes the send's response or error (or both) and returns an error
// (classify(resp, err)), as the operation's returned error: Yes when
// every return of it that the outcome reaches is one the library retries
// (retry.RetryableError(err) for go-retry; an error not marked permanent
// for the others), No when none is. ok is false when call is no such
// call.
func (m *outcome) classifierRetries(call *ast.CallExpr) (paths.Tri, bool) {
	if m.c == nil || m.classifying {
		return paths.Maybe, false
	}
	info := m.info
	fn := httpmodel.Callee(info, call)
	if fn == nil || fn.Pkg() != m.c.pass.Pkg {
		return paths.Maybe, false
	}
	sig, ok := fn.Type().(*types.Signature)
	if !ok || sig.Variadic() || sig.Results().Len() == 0 || !analysisutil.IsError(sig.Results().At(sig.Results().Len()-1).Type()) {
		return paths.Maybe, false
	}
	_, args := httpmodel.Receiver(info, call)
	if len(args) != sig.Params().Len() {
		return paths.Maybe, false
	}
	sub := &outcome{c: m.c, info: info, errKnown: m.errKnown, env: m.env, kept: m.kept, fresh: m.fresh, flattened: m.flattened,
		op: true, lib: m.lib, classifying: true, statusVars: map[*types.Var]bool{}}
	handed := false
	for i, a := range args {
		p := sig.Params().At(i)
		switch {
		case m.resp != nil && m.isVar(a, m.resp) && httpmodel.IsResponse(p.Type()):
			sub.resp, handed = p, true
		case m.errVar != nil && m.isVar(a, m.errVar) && analysisutil.IsError(p.Type()):
			sub.errVar, handed = p, true
		}
	}
	if !handed {
		return paths.Maybe, false
	}
	d, ok := m.c.calls.Decl(fn)
	if !ok || d.Decl.Body == nil {
		return paths.Maybe, false
	}
	g := m.c.loops.Graph(d.Decl)
	if g == nil {
		return paths.Maybe, false
	}
	v, first := paths.Maybe, true
	for _, r := range g.Returns(sub) {
		if len(r.Results) != sig.Results().Len() {
			return paths.Maybe, true
		}
		w := paths.Of(sub.libRetries(r.Results[len(r.Results)-1]))
		if first {
			v, first = w, false
		} else if w != v {
			return paths.Maybe, true
		}
	}
	return v, true
}
