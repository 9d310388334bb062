package retryloop

// This file holds the operations that are not "a func returning an error,
// called again when the error is not nil": conditions polled until done
// (func() (done bool, err error), as k8s.io/apimachinery's wait package
// takes them), operations called through a small wrapper of the helper's
// package (wait's runConditionWithCrashProtection), and named functions or
// method values handed to a helper (helper(c.send), helper(sendOrder)).

import (
	"go/ast"
	"go/token"
	"go/types"

	"github.com/retrylint/retrylint/internal/analysisutil"
	"github.com/retrylint/retrylint/internal/callindex"
	"github.com/retrylint/retrylint/internal/paths"
	"github.com/retrylint/retrylint/internal/retrylib"
	"github.com/retrylint/retrylint/internal/summary"
)

// ifaceOp returns the parameter whose method call calls when it is an
// operation received as an interface value: a parameter of the function,
// or of a function literal around the call, of interface type, whose
// method m takes a context.Context and an input and returns an error
// last (see isCtxOp). This
// is the next stage of a pipeline policy or middleware
// (next.Do(ctx, req), next.HandleFinalize(ctx, in)), which a retry policy
// calls again when it fails, as a retry helper calls the func it is
// handed. A method without a context (r.Read(buf), it.Next()) reads or
// advances: not an operation.
func (r *Result) ifaceOp(call *ast.CallExpr, m *types.Func) *types.Var {
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok {
		return nil
	}
	id, ok := ast.Unparen(sel.X).(*ast.Ident)
	if !ok {
		return nil
	}
	v, ok := r.pass.TypesInfo.Uses[id].(*types.Var)
	if !ok || v.Kind() != types.ParamVar || !types.IsInterface(v.Type()) {
		return nil
	}
	if !isCtxOp(m.Type().(*types.Signature)) {
		return nil
	}
	return v
}

// isCtxOp reports whether sig takes a context.Context first, then what
// it works on (a request, an input), and returns an error last. A method
// that takes a context alone (Receive(ctx), Next(ctx)) reads the next item
// of a stream or a queue: a loop that calls it again serves the stream.
func isCtxOp(sig *types.Signature) bool {
	ps, rs := sig.Params(), sig.Results()
	return ps.Len() > 1 && isContext(ps.At(0).Type()) && rs.Len() > 0 &&
		analysisutil.IsError(rs.At(rs.Len()-1).Type())
}

// isCondSig reports whether sig is that of a condition: its results are
// (bool, error).
func isCondSig(sig *types.Signature) bool {
	res := sig.Results()
	if res.Len() != 2 {
		return false
	}
	b, ok := res.At(0).Type().Underlying().(*types.Basic)
	return ok && b.Kind() == types.Bool && analysisutil.IsError(res.At(1).Type())
}

// opOf returns the operation parameter that c calls: the parameter itself
// (see opParam), or the parameter passed to a function of this package
// that only calls it and returns its results (a wrapper that recovers
// panics, as wait's runConditionWithCrashProtection does).
func (r *Result) opOf(c callindex.Call) *types.Var {
	if c.Callee == nil {
		if v := r.opParam(c.Expr); v != nil {
			return v
		}
		return r.fieldOp(c.Expr)
	}
	if summary.IsInterfaceMethod(c.Callee) {
		return r.ifaceOp(c.Expr, c.Callee)
	}
	if c.Callee.Pkg() != r.pass.Pkg || r.ix == nil {
		return nil
	}
	i := r.forwards(c.Callee)
	if i < 0 || i >= len(c.Expr.Args) {
		return nil
	}
	id, ok := ast.Unparen(c.Expr.Args[i]).(*ast.Ident)
	if !ok {
		return nil
	}
	v, ok := r.pass.TypesInfo.Uses[id].(*types.Var)
	if !ok || v.Kind() != types.ParamVar || !isOpType(v.Type()) {
		return nil
	}
	return v
}

// isOpType reports whether t is a func type whose last result is an error.
func isOpType(t types.Type) bool {
	sig, ok := t.Underlying().(*types.Signature)
	if !ok || sig.Results().Len() == 0 {
		return false
	}
	return analysisutil.IsError(sig.Results().At(sig.Results().Len() - 1).Type())
}

// forwards returns the index of the parameter of fn that fn calls once
// on every call: an operation called by a statement of the body's top
// level (not in a branch, a loop or a function literal), and nowhere
// else. fn is then one call of the operation, with work around it:
// func run(f F) (bool, error) { defer recover(); return f() }, or a
// generic opWithRecover[T](ctx, o, op) that sets up a recover, calls
// v, err := op(ctx) and wraps the error. It returns -1 for any other
// function.
func (r *Result) forwards(fn *types.Func) int {
	fn = fn.Origin()
	var fd *ast.FuncDecl
	if f, ok := r.ix.Decl(fn); ok {
		fd = f.Decl
	}
	if fd == nil || fd.Body == nil {
		return -1
	}
	var op *types.Var
	var at *ast.CallExpr
	calls := 0
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		if call, ok := n.(*ast.CallExpr); ok {
			if v := r.opParam(call); v != nil {
				op, at = v, call
				calls++
			}
		}
		return true
	})
	if calls != 1 {
		return -1
	}
	top := false
	for _, st := range fd.Body.List {
		if st.Pos() <= at.Pos() && at.End() <= st.End() {
			switch st.(type) {
			case *ast.ReturnStmt, *ast.AssignStmt, *ast.ExprStmt, *ast.DeclStmt:
				top = true
				ast.Inspect(st, func(n ast.Node) bool {
					if _, lit := n.(*ast.FuncLit); lit && n.Pos() <= at.Pos() && at.End() <= n.End() {
						top = false
					}
					return top
				})
			}
		}
	}
	if !top {
		return -1
	}
	params := fn.Type().(*types.Signature).Params()
	for i := range params.Len() {
		if params.At(i) == op {
			return i
		}
	}
	return -1
}

// opOutcomes sets l.Cond, l.ErrStops and l.Again for the loop of a retry helper
// whose operation is a condition (returns (bool, error)), from the
// statements after the call: which of (done, err) reach the next
// iteration. It reports false when an error ends the loop and done does
// not, so that the loop repeats an operation that succeeds: not a retry. A loop whose operation returns
// only an error, or whose statements are not understood, keeps the model
// of an error operation (called again when it fails).
func (r *Result) opOutcomes(l *Loop) bool {
	sig, ok := l.Op.Type().Underlying().(*types.Signature)
	if ok && !isCondSig(sig) && l.Op.Kind() == types.FieldVar {
		return r.endsOnSuccess(l)
	}
	if !ok || !isCondSig(sig) || len(l.Sends) != 1 {
		return true
	}
	call := l.Sends[0]
	info := r.pass.TypesInfo
	var as *ast.AssignStmt
	ast.Inspect(l.Body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.AssignStmt:
			if len(n.Lhs) == 2 && len(n.Rhs) == 1 && ast.Unparen(n.Rhs[0]) == call {
				as = n
			}
		}
		return as == nil
	})
	if as == nil {
		return true
	}
	ev := &condEval{info: info, done: varOf(info, as.Lhs[0]), err: varOf(info, as.Lhs[1])}
	g := r.Graph(l.Func)
	if ev.done == nil || ev.err == nil || g == nil {
		return true
	}
	if _, ok := g.Next(l.Stmt, as, ev); !ok {
		return true
	}
	reaches := func(done, failed bool) bool {
		ev.doneVal, ev.failed = done, failed
		next, _ := g.Next(l.Stmt, as, ev)
		return next
	}
	falseNil, trueNil := reaches(false, false), reaches(true, false)
	falseErr, trueErr := reaches(false, true), reaches(true, true)
	errStops := !falseErr && !trueErr
	switch {
	case falseNil && !trueNil:
		l.Cond, l.ErrStops = true, errStops
	case trueNil && trueErr && !falseNil && !falseErr:
		l.Again = true // the bool says "again", whatever the error
	case errStops:
		return false // called again after no failure: not a retry
	}
	return true
}

// endsOnSuccess reports whether the loop l of a method that calls the
// operation its receiver holds in a field, returning an error last, ends
// when the operation returns a nil error: a worker that runs its task
// again after a success (for { w.Task(); sleep }) is no retry helper.
// A loop whose statements are not understood, or where a success reaches
// the next iteration only past a condition not decided (if
// rt.checkErrors(err) != nil { continue }), is taken for one.
func (r *Result) endsOnSuccess(l *Loop) bool {
	if len(l.Sends) != 1 {
		return true
	}
	call := l.Sends[0]
	info := r.pass.TypesInfo
	var as *ast.AssignStmt
	discarded := false
	ast.Inspect(l.Body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.ExprStmt:
			discarded = discarded || ast.Unparen(n.X) == call
		case *ast.AssignStmt:
			if len(n.Rhs) == 1 && ast.Unparen(n.Rhs[0]) == call {
				as = n
			}
		}
		return as == nil && !discarded
	})
	if discarded {
		return false // its error unread: every outcome goes round again
	}
	g := r.Graph(l.Func)
	if as == nil || g == nil {
		return true
	}
	ev := &condEval{info: info, err: varOf(info, as.Lhs[len(as.Lhs)-1])}
	if ev.err == nil {
		return !paths.FallsThrough(info, l.Body.List) // the error dropped
	}
	sure := &sureEval{condEval: ev}
	next, ok := g.Next(l.Stmt, as, sure)
	return !ok || !next || sure.unsure
}

// sureEval is a condEval that notes whether a condition on the way was
// not decided: a path it allows may then never be taken.
type sureEval struct {
	*condEval
	unsure bool
}

func (ev *sureEval) Cond(e ast.Expr) paths.Tri {
	t := ev.condEval.Cond(e)
	if t == paths.Maybe {
		ev.unsure = true
	}
	return t
}

// condEval is the model (see paths.Model) of one outcome of a condition
// that a helper's loop calls: its done result and whether its error is
// nil.
type condEval struct {
	info      *types.Info
	done, err *types.Var
	doneVal   bool // the condition's done result
	failed    bool // its error is not nil
}

// Return reports false: a return leaves the helper's loop.
func (ev *condEval) Return(*ast.ReturnStmt) bool { return false }

// Cond evaluates a condition over done and err.
func (ev *condEval) Cond(e ast.Expr) paths.Tri {
	if t, ok := paths.Logic(e, ev.Cond); ok {
		return t
	}
	switch e := ast.Unparen(e).(type) {
	case *ast.Ident:
		if ev.info.Uses[e] == ev.done {
			return paths.Of(ev.doneVal)
		}
	case *ast.BinaryExpr:
		switch e.Op {
		case token.EQL, token.NEQ:
			isErr := func(a, b ast.Expr) bool {
				id, ok := ast.Unparen(a).(*ast.Ident)
				return ok && ev.info.Uses[id] == ev.err && ev.info.Types[b].IsNil()
			}
			if isErr(e.X, e.Y) || isErr(e.Y, e.X) {
				return paths.Of(ev.failed == (e.Op == token.NEQ))
			}
		}
	}
	return paths.Maybe
}

// namedOp returns the declaration of the function of this package that e
// names when it is an operation handed to a helper: a function
// (helper(sendOrder)) or a method value (helper(c.postTransfer)).
func (r *Result) namedOp(e ast.Expr) *ast.FuncDecl {
	info := r.pass.TypesInfo
	var fn *types.Func
	switch e := ast.Unparen(e).(type) {
	case *ast.Ident:
		fn, _ = info.Uses[e].(*types.Func)
	case *ast.SelectorExpr:
		if sel, ok := info.Selections[e]; ok {
			if sel.Kind() != types.MethodVal {
				return nil
			}
			fn, _ = sel.Obj().(*types.Func)
		} else {
			fn, _ = info.Uses[e.Sel].(*types.Func) // pkg.Func
		}
	}
	if fn == nil || fn.Pkg() != r.pass.Pkg {
		return nil
	}
	if f, ok := r.ix.Decl(fn); ok && f.Decl.Body != nil {
		return f.Decl
	}
	return nil
}

// libHelper returns the fact of a retry function of a library that
// retrylib knows as a retry helper (Kubernetes' wait and retry packages),
// or nil.
func libHelper(fn *types.Func) *helperFact {
	h, ok := retrylib.HelperOf(fn)
	if !ok {
		return nil
	}
	return &helperFact{Op: h.Op, Bounded: h.Bounded, Cond: h.Cond, ErrStops: h.ErrStops, TimeBound: h.TimeBound}
}

// namedOpLoop returns the operation of the call c of a retry helper (fact
// h) in fd when its argument arg names a function or method of this
// package: a loop whose body is the function's (see Loop.OpArg).
func (r *Result) namedOpLoop(fd *ast.FuncDecl, c callindex.Call, h *helperFact, arg ast.Expr) *Loop {
	decl := r.namedOp(arg)
	if decl == nil || decl == fd {
		return nil
	}
	outer := stmtOf(fd, c.Expr)
	if outer == nil {
		return nil
	}
	l := &Loop{Stmt: outer, Body: decl.Body, Func: decl, Bounded: h.Bounded, Outer: outer, Via: c.Callee.Origin(), OpArg: arg}
	h.setOutcomes(l)
	l.Sends = r.sendsIn(decl.Body, r.ix.Calls(decl))
	return l
}

// outcomes describes the outcomes of the operation that a helper retries,
// for the fact's String.
func (f *helperFact) outcomes() string {
	s := ""
	if f.Cond {
		s += " cond"
	}
	if f.ErrStops {
		s += " errstops"
	}
	if f.Again {
		s += " again"
	}
	if f.TimeBound {
		s += " timed"
	}
	return s
}

// setOutcomes gives the loop of an operation handed to the helper the
// helper's model of the operation's outcomes and bound in time.
func (f *helperFact) setOutcomes(l *Loop) {
	l.Cond, l.ErrStops, l.Again, l.TimeBound = f.Cond, f.ErrStops, f.Again, f.TimeBound
}
