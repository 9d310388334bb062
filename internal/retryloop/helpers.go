package retryloop

// This file holds retry helpers: functions that call a function value
// they receive again after a failure (retry(ctx, n, fn), withBackoff(fn)),
// and the operations handed to them, which the analyzers judge as if the
// loop were written around them.

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"

	"github.com/retrylint/retrylint/internal/analysisutil"
	"github.com/retrylint/retrylint/internal/callindex"
	"github.com/retrylint/retrylint/internal/fixes"
	"github.com/retrylint/retrylint/internal/flow"
	"github.com/retrylint/retrylint/internal/httpmodel"
	"github.com/retrylint/retrylint/internal/retrylib"
	"github.com/retrylint/retrylint/internal/summary"
)

// opParam returns the parameter that call calls when it is an operation:
// a parameter of func type whose last result is an error. It returns nil
// for any other call.
func (r *Result) opParam(call *ast.CallExpr) *types.Var {
	id, ok := ast.Unparen(call.Fun).(*ast.Ident)
	if !ok {
		return nil
	}
	v, ok := r.pass.TypesInfo.Uses[id].(*types.Var)
	if !ok || v.Kind() != types.ParamVar {
		return nil
	}
	sig, ok := v.Type().Underlying().(*types.Signature)
	if !ok || sig.Results().Len() == 0 {
		return nil
	}
	last := sig.Results().At(sig.Results().Len() - 1).Type()
	if !analysisutil.IsError(last) {
		return nil
	}
	return v
}

// hasOpParam reports whether fd has a parameter that may be an
// operation: of func type with an error as its last result. Only such a
// function can be a retry helper; the test spares indexing the others.
func hasOpParam(info *types.Info, fd *ast.FuncDecl) bool {
	if fd.Type.Params == nil {
		return false
	}
	for _, f := range fd.Type.Params.List {
		sig, ok := info.TypeOf(f.Type).(*types.Signature)
		if !ok {
			if t := info.TypeOf(f.Type); t != nil {
				sig, ok = t.Underlying().(*types.Signature)
			}
		}
		if ok && sig.Results().Len() > 0 && analysisutil.IsError(sig.Results().At(sig.Results().Len()-1).Type()) {
			return true
		}
		if t := info.TypeOf(f.Type); t != nil && hasCtxOpMethod(t) {
			return true
		}
	}
	return false
}

// hasCtxOpMethod reports whether t is an interface with a method that may
// be an operation (see ifaceOp).
func hasCtxOpMethod(t types.Type) bool {
	it, ok := t.Underlying().(*types.Interface)
	if !ok {
		return false
	}
	for m := range it.Methods() {
		if isCtxOp(m.Type().(*types.Signature)) {
			return true
		}
	}
	return false
}

// holdsOpCall reports whether fd, whose calls are calls, calls an
// operation it received: through a parameter of its own (see hasOpParam),
// or of a function literal in its body (a policy factory's
// func(next Policy) PolicyFunc { return func(ctx, req) { ... next.Do(ctx,
// req) ... } }).
func (r *Result) holdsOpCall(fd *ast.FuncDecl, calls []callindex.Call) bool {
	if hasOpParam(r.pass.TypesInfo, fd) {
		return slices.ContainsFunc(calls, r.isOpCall)
	}
	return slices.ContainsFunc(calls, func(c callindex.Call) bool {
		return (c.Callee == nil || summary.IsInterfaceMethod(c.Callee)) && r.isOpCall(c)
	})
}

// findHelpers finds the retry helpers of a package that sends nothing
// itself, and exports their facts.
func (r *Result) findHelpers(ix *callindex.Index, at func(token.Pos)) {
	findLoops := r.loopFinder(at)
	for _, f := range ix.Funcs() {
		if calls := ix.Calls(f.Decl); r.holdsOpCall(f.Decl, calls) {
			findLoops(f.Decl, calls)
		}
	}
	r.exportHelpers(ix.Funcs())
}

// exportHelpers records a fact on each function of funcs whose parameter
// a retry loop calls again.
func (r *Result) exportHelpers(funcs []callindex.Func) {
	for _, l := range r.Loops {
		if l.Op == nil {
			continue
		}
		if l.Op.Kind() == types.FieldVar {
			r.exportFieldHelper(l)
			continue
		}
		for _, f := range funcs {
			if f.Obj == nil || f.Decl.Type.Params == nil || l.Op.Pos() < f.Decl.Type.Params.Pos() || l.Op.Pos() >= f.Decl.Type.Params.End() {
				continue
			}
			params := f.Obj.Type().(*types.Signature).Params()
			for i := range params.Len() {
				if params.At(i) != l.Op {
					continue
				}
				h := r.helpers[f.Obj]
				if h == nil {
					h = &helperFact{Op: i, Bounded: true}
					r.helpers[f.Obj] = h
				}
				h.Bounded = h.Bounded && l.Bounded
				h.Cond, h.ErrStops, h.Again = l.Cond, l.ErrStops, l.Again
			}
		}
	}
	// Calls through interfaces asked about before (by the search for
	// sends) may have found none of the package's helpers yet.
	clear(r.ifaceHelpers)
	r.delegatingHelpers(funcs)
	clear(r.ifaceHelpers)
	for fn, h := range r.helpers {
		r.pass.ExportObjectFact(fn, h)
	}
}

// exportFieldHelper records the helper of a method whose loop l calls a
// field of its receiver (see fieldOp).
func (r *Result) exportFieldHelper(l *Loop) {
	fd, ok := l.Func.(*ast.FuncDecl)
	if !ok {
		return
	}
	fn, _ := r.pass.TypesInfo.Defs[fd.Name].(*types.Func)
	if fn == nil {
		return
	}
	h := r.helpers[fn]
	switch {
	case h == nil:
		h = &helperFact{Op: -1, Field: l.Op.Name(), Bounded: true}
		r.helpers[fn] = h
	case h.Field != l.Op.Name():
		return // loops over two fields: the first one's
	}
	h.Bounded = h.Bounded && l.Bounded
	h.Cond, h.ErrStops, h.Again = l.Cond, l.ErrStops, l.Again
}

// fieldOp returns the field that call calls when it is an operation that
// a method's receiver holds: recv.Handler() for a field of func type
// whose last result is an error and that takes nothing but, at most, a
// context. The value the caller stores there is then the operation (see
// fieldOpLoop). A field that takes what it works on (ErrorHandler(body))
// is a hook, not the operation.
func (r *Result) fieldOp(call *ast.CallExpr) *types.Var {
	info := r.pass.TypesInfo
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok {
		return nil
	}
	s, ok := info.Selections[sel]
	if !ok || s.Kind() != types.FieldVal || len(s.Index()) != 1 {
		return nil
	}
	id, ok := ast.Unparen(sel.X).(*ast.Ident)
	if !ok {
		return nil
	}
	if recv, ok := info.Uses[id].(*types.Var); !ok || recv.Kind() != types.RecvVar {
		return nil
	}
	f := s.Obj().(*types.Var)
	sig, ok := f.Type().Underlying().(*types.Signature)
	if !ok || !isOpType(f.Type()) {
		return nil
	}
	for p := range sig.Params().Variables() {
		if !isContext(p.Type()) {
			return nil
		}
	}
	return f
}

// fieldHelperOf returns the fact of a method that retries a field of its
// receiver (see fieldOp), or nil.
func (r *Result) fieldHelperOf(fn *types.Func) *helperFact {
	if h := r.anyHelperOf(fn); h != nil && h.Field != "" {
		return h
	}
	return nil
}

// fieldOpLoop returns the operation of the call c, in fd, of a method
// that retries the field h.Field of its receiver: the function literal
// stored in that field of the receiver, a composite literal written in
// the call (T{Handler: func() ...}.Run()) or in a local variable's one
// assignment (x := &T{...}; x.Run()), or assigned to the variable's field
// once (x.Handler = func() ...).
func (r *Result) fieldOpLoop(fd *ast.FuncDecl, c callindex.Call, h *helperFact, calls []callindex.Call) *Loop {
	sel, ok := ast.Unparen(c.Expr.Fun).(*ast.SelectorExpr)
	if !ok {
		return nil
	}
	v, held := r.storedIn(fd, sel.X, h.Field)
	if v == nil {
		return nil
	}
	lit := r.literalOf(fd, v)
	if lit == nil {
		return nil
	}
	outer := stmtOf(fd, c.Expr)
	if lit.Pos() < c.Expr.Pos() {
		outer = stmtOf(fd, lit)
	}
	if outer == nil {
		return nil
	}
	l := &Loop{Stmt: outer, Body: lit.Body, Func: lit, Bounded: h.Bounded, Outer: outer, Via: c.Callee.Origin(), Held: held}
	h.setOutcomes(l)
	l.Sends = r.sendsIn(lit.Body, calls)
	return l
}

// storedIn returns the value that the expression x (a composite literal,
// its address, or a local variable of fd) holds in its field named field:
// the one value given to it, nil when there is none or more than one;
// and the composite literal that gives it, nil when an assignment does.
func (r *Result) storedIn(fd *ast.FuncDecl, x ast.Expr, field string) (ast.Expr, *ast.CompositeLit) {
	info := r.pass.TypesInfo
	x = ast.Unparen(x)
	if u, ok := x.(*ast.UnaryExpr); ok && u.Op == token.AND {
		x = ast.Unparen(u.X)
	}
	switch x := x.(type) {
	case *ast.CompositeLit:
		for _, e := range x.Elts {
			if kv, ok := e.(*ast.KeyValueExpr); ok {
				if k, ok := kv.Key.(*ast.Ident); ok && k.Name == field {
					return kv.Value, x
				}
			}
		}
	case *ast.Ident:
		v, ok := info.Uses[x].(*types.Var)
		if !ok || v.Kind() != types.LocalVar {
			return nil, nil
		}
		var found []ast.Expr
		var held *ast.CompositeLit
		if values, known := flow.Assigned(info, fd, v); known && len(values) == 1 {
			if _, isIdent := ast.Unparen(values[0]).(*ast.Ident); !isIdent {
				if e, lit := r.storedIn(fd, values[0], field); e != nil {
					found, held = append(found, e), lit
				}
			}
		}
		stores, all := flow.FieldStores(fd.Body, func(s *ast.SelectorExpr) bool {
			id, ok := ast.Unparen(s.X).(*ast.Ident)
			return s.Sel.Name == field && ok && info.Uses[id] == v
		})
		if !all {
			return nil, nil // x.F, err = f(): a value not told
		}
		if len(stores) > 0 {
			found, held = append(found, stores...), nil
		}
		if len(found) == 1 {
			return found[0], held
		}
	}
	return nil, nil
}

// delegatingHelpers adds the functions that hand the operation they
// receive to a retry helper, as it is or inside a function literal that
// calls it (Retry(f) { condition := func() (bool, error) { err = f(); ... };
// ExponentialBackoff(b, condition) }): each is a retry helper of that
// operation too. It repeats until no function is added, so that a chain
// of such functions in the package is followed.
func (r *Result) delegatingHelpers(funcs []callindex.Func) {
	info := r.pass.TypesInfo
	for changed := true; changed; {
		changed = false
		for _, f := range funcs {
			if f.Obj == nil || r.helpers[f.Obj] != nil || !hasOpParam(info, f.Decl) {
				continue
			}
			for _, c := range r.ix.Calls(f.Decl) {
				h := r.helperOf(c.Callee)
				if h == nil || c.Callee.Origin() == f.Obj {
					continue
				}
				_, args := httpmodel.Receiver(info, c.Expr)
				if h.Op >= len(args) {
					continue
				}
				op := r.handedOp(f.Decl, args[h.Op])
				if op == nil {
					continue
				}
				params := f.Obj.Type().(*types.Signature).Params()
				for i := range params.Len() {
					if params.At(i) == op {
						r.helpers[f.Obj] = &helperFact{Op: i, Bounded: h.Bounded}
						changed = true
					}
				}
				if r.helpers[f.Obj] != nil {
					break
				}
			}
		}
	}
}

// handedOp returns the operation parameter of fn that e hands on: the
// parameter itself, or a function literal (or a local variable assigned
// only one) whose body calls it.
func (r *Result) handedOp(fn *ast.FuncDecl, e ast.Expr) *types.Var {
	if id, ok := ast.Unparen(e).(*ast.Ident); ok {
		if v, ok := r.pass.TypesInfo.Uses[id].(*types.Var); ok && v.Kind() == types.ParamVar && isOpType(v.Type()) {
			return v
		}
	}
	lit := r.literalOf(fn, e)
	if lit == nil {
		return nil
	}
	var op *types.Var
	ownCalls(lit.Body, func(call *ast.CallExpr) {
		if v := r.opParam(call); v != nil && v.Pos() < lit.Pos() {
			op = v
		}
	})
	return op
}

// helperOf returns the fact of a retry helper of an operation it is
// handed as an argument, or nil.
func (r *Result) helperOf(fn *types.Func) *helperFact {
	if h := r.anyHelperOf(fn); h != nil && h.Field == "" {
		return h
	}
	return nil
}

// anyHelperOf returns the fact of a retry helper, of an argument or of a
// field of its receiver, or nil.
func (r *Result) anyHelperOf(fn *types.Func) *helperFact {
	if fn == nil {
		return nil
	}
	fn = fn.Origin()
	if h := r.helpers[fn]; h != nil {
		return h
	}
	if h := libHelper(fn); h != nil {
		return h
	}
	var h helperFact
	if fn.Pkg() != r.pass.Pkg && r.pass.ImportObjectFact(fn, &h) {
		return &h
	}
	if summary.IsInterfaceMethod(fn) && hasOpType(fn.Type().(*types.Signature)) {
		return r.ifaceHelper(fn)
	}
	return nil
}

// hasOpType reports whether sig has a parameter that may be an
// operation (see isOpType): only a method with one can be a retry
// helper, and the test spares resolving the others.
func hasOpType(sig *types.Signature) bool {
	for v := range sig.Params().Variables() {
		if isOpType(v.Type()) {
			return true
		}
	}
	return false
}

// ifaceHelper returns the fact of a retry helper called through an
// interface (a Retryer whose implementation waits and runs the operation
// again): the implementations the call may run (see summary.Dispatch)
// that are retry helpers must agree on the operation's parameter and on
// what ends the retry; the call is then a helper, bounded when each of
// them is. An implementation that runs the operation once (a no-op
// retryer for tests) does not make the real one's retries disappear, as a
// fake backend does not hide the real one's sends.
func (r *Result) ifaceHelper(m *types.Func) *helperFact {
	if h, ok := r.ifaceHelpers[m]; ok {
		return h
	}
	var h *helperFact
	r.ifaceHelpers[m] = nil // an implementation that calls through m again
	for _, t := range r.dispatcher().Targets(m) {
		th := r.helperOf(t)
		switch {
		case th == nil:
			continue
		case h == nil:
			c := *th
			h = &c
		case th.Op != h.Op || th.Cond != h.Cond || th.ErrStops != h.ErrStops || th.Again != h.Again || th.TimeBound != h.TimeBound:
			h = nil
		default:
			h.Bounded = h.Bounded && th.Bounded
			continue
		}
		if h == nil {
			break
		}
	}
	r.ifaceHelpers[m] = h
	return h
}

// findOpLoops finds the calls of retry helpers whose operation is a
// function literal, written in the call or assigned once to a local
// variable of the caller.
func (r *Result) findOpLoops(ix *callindex.Index, at func(token.Pos)) {
	info := r.pass.TypesInfo
	for _, f := range ix.Funcs() {
		calls := ix.Calls(f.Decl)
		for _, c := range calls {
			h := r.helperOf(c.Callee)
			var entry *retrylib.Entry
			if e, lib := retrylib.EntryOf(info, c.Expr); lib {
				// A retry library's operation: what the library retries is
				// its model's to say (retrylib), not its code's. One
				// configured to make a single attempt retries nothing.
				if retrylib.SingleAttempt(info, c.Expr) {
					continue
				}
				if h = libOpFact(info, f.Decl, r.pass.Files, e); h == nil {
					continue
				}
				e = retrylib.Scope{Info: info, Body: f.Decl.Body, Files: r.pass.Files}.Resolve(e)
				entry = &e
			} else if retrylib.PredicateGated(c.Callee) {
				continue
			}
			if h == nil {
				if fh := r.fieldHelperOf(c.Callee); fh != nil {
					if l := r.fieldOpLoop(f.Decl, c, fh, calls); l != nil {
						r.OpLoops = append(r.OpLoops, l)
					}
				}
				continue
			}
			at(c.Expr.Pos())
			_, args := httpmodel.Receiver(info, c.Expr)
			if h.Op >= len(args) {
				continue
			}
			lit := r.literalOf(f.Decl, args[h.Op])
			if lit == nil {
				if l := r.namedOpLoop(f.Decl, c, h, args[h.Op]); l != nil {
					l.Lib = entry
					r.OpLoops = append(r.OpLoops, l)
				}
				continue
			}
			// What must run once before the helper goes before the
			// statement that holds the call or, for a literal assigned to
			// a variable before it, before the assignment.
			outer := stmtOf(f.Decl, c.Expr)
			if lit.Pos() < c.Expr.Pos() {
				outer = stmtOf(f.Decl, lit)
			}
			if outer == nil {
				continue
			}
			l := &Loop{Stmt: outer, Body: lit.Body, Func: lit, Bounded: h.Bounded, Outer: outer, Via: c.Callee.Origin(), Call: c.Expr, Lib: entry}
			h.setOutcomes(l)
			l.Sends = r.sendsIn(lit.Body, calls)
			r.OpLoops = append(r.OpLoops, l)
		}
	}
}

// libOpFact returns the retry helper that the library entry e, called in
// fd, is for its operation: the operation is called again after an
// error (the library's marks aside, see Loop.Lib). Nil when e takes no
// operation, or when the library is configured there not to retry
// errors at all (a retry-go RetryIf whose condition answers false on
// every return, or one the analyzers cannot read; a failsafe executor
// without a retry policy that handles them). A RetryIf that may answer
// true keeps the loop, for the analyzers to judge its condition.
func libOpFact(info *types.Info, fd *ast.FuncDecl, files []*ast.File, e retrylib.Entry) *helperFact {
	if e.Op == nil || e.Send {
		return nil
	}
	if e.Lib.RetriesErrors && !retrylib.OperationRetriesErrors(retrylib.Scope{Info: info, Body: fd.Body, Files: files}, e) {
		return nil
	}
	_, args := httpmodel.Receiver(info, e.Call)
	for i, a := range args {
		if a == e.Op {
			return &helperFact{Op: i, Bounded: e.Lib.DefaultCountBound || e.Lib.DefaultTimeBound, TimeBound: e.Lib.DefaultTimeBound}
		}
	}
	return nil
}

// literalOf returns the function literal that e is: the literal itself, or
// a local variable of fn assigned only that literal.
func (r *Result) literalOf(fn *ast.FuncDecl, e ast.Expr) *ast.FuncLit {
	return r.literalOfDepth(fn, e, 0)
}

// literalOfDepth is literalOf that sees through a literal that only
// forwards to another (func() (int, error) { return execute() }, with
// execute a local variable assigned a literal): the operation is the
// literal forwarded to.
func (r *Result) literalOfDepth(fn *ast.FuncDecl, e ast.Expr, depth int) *ast.FuncLit {
	switch e := ast.Unparen(e).(type) {
	case *ast.FuncLit:
		if depth < 3 {
			if inner := forwarded(r.pass.TypesInfo, e); inner != nil {
				if lit := r.literalOfDepth(fn, inner, depth+1); lit != nil && types.Identical(r.pass.TypesInfo.TypeOf(lit), r.pass.TypesInfo.TypeOf(e)) {
					return lit
				}
			}
		}
		return e
	case *ast.Ident:
		v, ok := r.pass.TypesInfo.Uses[e].(*types.Var)
		if !ok || v.Kind() != types.LocalVar {
			return nil
		}
		values, known := flow.Assigned(r.pass.TypesInfo, fn, v)
		if !known || len(values) != 1 {
			return nil
		}
		lit, _ := ast.Unparen(values[0]).(*ast.FuncLit)
		if lit != nil && depth < 3 {
			return r.literalOfDepth(fn, lit, depth+1)
		}
		return lit
	}
	return nil
}

// forwarded returns the local function a literal's body only calls and
// returns the results of, with the literal's own parameters in order (or
// none): return execute(), execute(ctx); nil for any other body.
func forwarded(info *types.Info, lit *ast.FuncLit) ast.Expr {
	list := lit.Body.List
	if len(list) == 0 {
		return nil
	}
	var call *ast.CallExpr
	switch st := list[0].(type) {
	case *ast.ReturnStmt:
		if len(list) == 1 && len(st.Results) == 1 {
			call, _ = ast.Unparen(st.Results[0]).(*ast.CallExpr)
		}
	case *ast.ExprStmt:
		if len(list) == 1 && (lit.Type.Results == nil || lit.Type.Results.NumFields() == 0) {
			call, _ = ast.Unparen(st.X).(*ast.CallExpr)
		}
	case *ast.AssignStmt:
		// status, err := execute(); lastErr = err; return status, err:
		// what the call returns is returned as it is.
		call = forwardedResults(list)
	}
	if call == nil || !flow.HandsOwnParams(info, lit, call) {
		return nil
	}
	if id, ok := ast.Unparen(call.Fun).(*ast.Ident); ok {
		return id
	}
	return nil
}

// forwardedResults returns the call of a body that opens with
// a, b := f(...), ends with return a, b, and between them neither assigns
// a or b nor returns: a body that hands back f's results, doing something
// beside (lastErr = b).
func forwardedResults(list []ast.Stmt) *ast.CallExpr {
	as := list[0].(*ast.AssignStmt)
	ret, ok := list[len(list)-1].(*ast.ReturnStmt)
	if !ok || len(list) < 2 || len(as.Rhs) != 1 || len(ret.Results) != len(as.Lhs) {
		return nil
	}
	call, ok := ast.Unparen(as.Rhs[0]).(*ast.CallExpr)
	if !ok {
		return nil
	}
	names := map[string]bool{}
	for i, l := range as.Lhs {
		id, ok := l.(*ast.Ident)
		r, ok2 := ast.Unparen(ret.Results[i]).(*ast.Ident)
		if !ok || !ok2 || id.Name == "_" || id.Name != r.Name {
			return nil
		}
		names[id.Name] = true
	}
	clean := true
	for _, st := range list[1 : len(list)-1] {
		ast.Inspect(st, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.FuncLit, *ast.ReturnStmt, *ast.BranchStmt:
				clean = false
			case *ast.AssignStmt:
				for _, l := range n.Lhs {
					if id, ok := l.(*ast.Ident); ok && names[id.Name] {
						clean = false
					}
				}
			case *ast.UnaryExpr:
				if id, ok := n.X.(*ast.Ident); ok && n.Op == token.AND && names[id.Name] {
					clean = false
				}
			}
			return clean
		})
	}
	if !clean {
		return nil
	}
	return call
}

// stmtOf returns the statement of a block of fn that holds n, or nil.
func stmtOf(fn *ast.FuncDecl, n ast.Node) ast.Stmt { return fixes.StmtOf(fn, n) }

// ClosureLoop returns the attempt of loop l that is the body of the local
// closure called by call (see ClosureOf), as a loop of its own: Body is
// the literal's body, Func the literal; Stmt and Outer are the statement
// that assigns the literal when it is made before the loop, the loop's
// own otherwise.
func (r *Result) ClosureLoop(l *Loop, call *ast.CallExpr) *Loop {
	lit := r.closures[call]
	if lit == nil {
		return nil
	}
	op := &Loop{Stmt: l.Stmt, Body: lit.Body, Func: lit, Bounded: l.Bounded, Outer: l.Outer}
	if lit.End() < l.Stmt.Pos() {
		fd, ok := l.Func.(*ast.FuncDecl)
		if !ok {
			return nil
		}
		op.Outer = stmtOf(fd, lit)
		op.Stmt = op.Outer
		if op.Outer == nil {
			return nil
		}
	}
	decl := r.declOf(lit)
	if decl == nil {
		return nil
	}
	op.Sends = r.sendsIn(lit.Body, r.ix.Calls(decl))
	return op
}

// declOf returns the function declaration that holds n.
func (r *Result) declOf(n ast.Node) *ast.FuncDecl {
	for _, f := range r.ix.Funcs() {
		if f.Decl.Pos() <= n.Pos() && n.End() <= f.Decl.End() {
			return f.Decl
		}
	}
	return nil
}
