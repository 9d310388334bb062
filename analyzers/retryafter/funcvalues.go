package retryafter

// This file follows the server's wait through function values: a
// func-typed field, variable or named function type to which the package
// (or, through a funcValueFact, the package that declares it) stores a
// function that returns the server's wait carries that wait at its call
// sites. The stored function may be a function literal, a declared
// function whose summary says so, or the result of a constructor whose
// summary's Calls says so:
//
//	type Backoff func(attempt int, resp *http.Response) time.Duration
//
//	func ExponentialBackoff(base time.Duration) Backoff {
//		return func(attempt int, resp *http.Response) time.Duration {
//			if s, err := strconv.Atoi(resp.Header.Get("Retry-After")); err == nil {
//				return time.Duration(s) * time.Second
//			}
//			return base << attempt
//		}
//	}
//
//	var DefaultPolicy = &Policy{Backoff: ExponentialBackoff(time.Second), MaxWait: 3 * time.Second}
//
//	d := p.Backoff(attempt, resp) // the server's wait on some calls
//	if d > p.MaxWait {            // a cap on it
//		d = p.MaxWait
//	}
//
// A function value whose stored values never read a wait header (a pure
// exponential backoff) carries nothing.

import (
	"go/ast"
	"go/types"

	"github.com/retrylint/retrylint/internal/flow"
	"github.com/retrylint/retrylint/internal/httpmodel"
)

// funcValueFact marks a func-typed variable or field, or a named function
// type, some of whose values return the server's wait; Bits are the
// origins of that result (flow.Source, with flow.Tag for Retry-After and
// tagMillis for a header in milliseconds, tagReset for a rate limit's
// reset).
type funcValueFact struct {
	Bits flow.Bits
}

func (*funcValueFact) AFact() {}

func (f *funcValueFact) String() string { return "waitfunc(" + bitsString(f.Bits) + ")" }

// A funcStore is a function value rhs stored where a value of type typ
// is kept: in the variable or field obj, or (obj nil) in a result or a
// parameter of that type.
type funcStore struct {
	obj types.Object
	typ types.Type
	rhs ast.Expr
}

// findFuncStores lists the stores of function values that may return a
// wait: assignments and declarations of func-typed variables and fields
// (at package level too), composite literals that fill func-typed fields,
// the results of functions and the arguments of calls whose type is a
// named function type, through the call index (no walk of its own).
func (c *checker) findFuncStores() []funcStore {
	info := c.pass.TypesInfo
	var stores []funcStore
	add := func(obj types.Object, typ types.Type, rhs ast.Expr) {
		if typ == nil {
			return
		}
		if obj == nil {
			if _, named := types.Unalias(typ).(*types.Named); !named {
				return
			}
		}
		if mayReturnWait(typ) {
			stores = append(stores, funcStore{obj, typ, rhs})
		}
	}
	lhsObj := func(e ast.Expr) types.Object {
		switch e := ast.Unparen(e).(type) {
		case *ast.Ident:
			return info.ObjectOf(e)
		case *ast.SelectorExpr:
			if v, ok := info.Uses[e.Sel].(*types.Var); ok {
				return v // a field or another package's variable
			}
		}
		return nil
	}
	visit := func(n ast.Node) {
		switch n := n.(type) {
		case *ast.AssignStmt:
			if len(n.Lhs) == len(n.Rhs) {
				for i, lhs := range n.Lhs {
					if obj := lhsObj(lhs); obj != nil {
						add(obj, obj.Type(), n.Rhs[i])
					}
				}
			}
		case *ast.ValueSpec:
			if len(n.Names) == len(n.Values) {
				for i, name := range n.Names {
					if obj := info.Defs[name]; obj != nil {
						add(obj, obj.Type(), n.Values[i])
					}
				}
			}
		case *ast.CompositeLit:
			st, ok := typeOfLit(info, n)
			if !ok {
				return
			}
			for i, elt := range n.Elts {
				if kv, ok := elt.(*ast.KeyValueExpr); ok {
					if id, ok := kv.Key.(*ast.Ident); ok {
						if v, ok := info.Uses[id].(*types.Var); ok && v.IsField() {
							add(v, v.Type(), kv.Value)
						}
					}
				} else if i < st.NumFields() {
					add(st.Field(i), st.Field(i).Type(), elt)
				}
			}
		case *ast.CallExpr:
			if sig, ok := typeOf(info, n.Fun).Underlying().(*types.Signature); ok {
				for i, a := range n.Args {
					if i < sig.Params().Len() && !(sig.Variadic() && i >= sig.Params().Len()-1) {
						add(nil, sig.Params().At(i).Type(), a)
					}
				}
			}
		}
	}
	c.calls.Visit(nil, visit)
	for _, f := range c.calls.Funcs() {
		if f.Obj == nil {
			continue
		}
		res := f.Obj.Type().(*types.Signature).Results()
		for _, ret := range c.calls.Returns(f.Decl) {
			if len(ret.Results) == res.Len() {
				for i, r := range ret.Results {
					add(nil, res.At(i).Type(), r)
				}
			}
		}
	}
	return stores
}

func typeOf(info *types.Info, e ast.Expr) types.Type {
	if tv, ok := info.Types[e]; ok && !tv.IsType() && tv.Type != nil {
		return tv.Type
	}
	return types.Typ[types.Invalid]
}

// mayReturnWait reports whether t is a function type whose first result
// can hold a wait.
func mayReturnWait(t types.Type) bool {
	sig, ok := t.Underlying().(*types.Signature)
	return ok && sig.Results().Len() > 0 && waitLike(sig.Results().At(0).Type())
}

// noteFuncValues marks the variables, fields and named function types to
// which the package stores a function that returns the server's wait,
// until no store adds one. It reports whether it marked one it had not.
func (c *checker) noteFuncValues() bool {
	grew := false
	mark := func(obj types.Object, b flow.Bits) bool {
		if old := c.funcVals[obj]; old|b != old {
			c.funcVals[obj] = old | b
			return true
		}
		return false
	}
	for {
		more := false
		for _, s := range c.funcStores {
			b := c.funcValueOf(s.rhs) & flow.Origins
			if b&flow.Source == 0 {
				continue
			}
			if v, ok := s.obj.(*types.Var); ok {
				more = mark(v.Origin(), b) || more
			}
			if n, ok := types.Unalias(s.typ).(*types.Named); ok {
				more = mark(n.Origin().Obj(), b) || more
			}
		}
		if !more {
			return grew
		}
		grew = true
	}
}

// funcValueOf returns the origins of what calls of the function value e
// return: a literal's results, a declared function's summary, a
// variable's or field's marks, the Calls of a constructor's summary.
func (c *checker) funcValueOf(e ast.Expr) flow.Bits {
	info := c.pass.TypesInfo
	switch e := ast.Unparen(e).(type) {
	case *ast.FuncLit:
		if !mayReturnWait(typeOf(info, e)) {
			return 0
		}
		if r := c.analyzeBody(e.Type, e.Body, nil, nil).Results(); len(r) > 0 {
			return r[0] & flow.Origins
		}
	case *ast.Ident:
		return c.objCalls(info.Uses[e])
	case *ast.SelectorExpr:
		return c.objCalls(info.Uses[e.Sel])
	case *ast.CallExpr:
		if tv, ok := info.Types[e.Fun]; ok && tv.IsType() {
			if len(e.Args) == 1 {
				return c.funcValueOf(e.Args[0]) // Backoff(f)
			}
			return 0
		}
		if fn := httpmodel.Callee(info, e); fn != nil {
			if f := c.fact(fn); f != nil {
				return f.Calls
			}
		}
	}
	return 0
}

// objCalls returns the origins of what calls of the function or function
// value obj return.
func (c *checker) objCalls(obj types.Object) flow.Bits {
	switch obj := obj.(type) {
	case *types.Func:
		if f := c.fact(obj); f != nil && len(f.Results) > 0 {
			return f.Results[0] & flow.Origins
		}
	case *types.Var:
		return c.funcValueBits(obj) | c.typeCalls(obj.Type())
	}
	return 0
}

// typeCalls returns the marks of t when it is a named function type.
func (c *checker) typeCalls(t types.Type) flow.Bits {
	if n, ok := types.Unalias(t).(*types.Named); ok {
		if _, isFunc := n.Underlying().(*types.Signature); isFunc {
			return c.funcValueBits(n.Origin().Obj())
		}
	}
	return 0
}

// funcValueBits returns the marks of a variable, field or type name:
// this package's, or those its own package exported.
func (c *checker) funcValueBits(obj types.Object) flow.Bits {
	if v, ok := obj.(*types.Var); ok {
		obj = v.Origin()
	}
	if b, ok := c.funcVals[obj]; ok {
		return b
	}
	if obj.Pkg() == nil || obj.Pkg() == c.pass.Pkg || !c.importedFuncVals {
		return 0
	}
	b, ok := c.importedFuncVal[obj]
	if !ok {
		var f funcValueFact
		if c.pass.ImportObjectFact(obj, &f) {
			b = f.Bits
		}
		c.importedFuncVal[obj] = b
	}
	return b
}

// funcValueCall returns the origins of the result of call when it calls a
// function value (not a declared function) that carries the server's
// wait: a marked variable or field, or a value of a marked named type.
func (c *checker) funcValueCall(call *ast.CallExpr) flow.Bits {
	if len(c.funcVals) == 0 && !c.importedFuncVals {
		return 0
	}
	info := c.pass.TypesInfo
	if httpmodel.Callee(info, call) != nil {
		return 0 // a declared function: its facts tell
	}
	t := typeOf(info, call.Fun)
	if _, ok := t.Underlying().(*types.Signature); !ok {
		return 0
	}
	b := c.typeCalls(t)
	switch fun := ast.Unparen(call.Fun).(type) {
	case *ast.Ident:
		if v, ok := info.Uses[fun].(*types.Var); ok {
			b |= c.funcValueBits(v)
		}
	case *ast.SelectorExpr:
		if v, ok := info.Uses[fun.Sel].(*types.Var); ok {
			b |= c.funcValueBits(v)
		}
	}
	return b & flow.Origins
}

// callsFuncValue reports whether the function calls a function value that
// carries the server's wait.
func (c *checker) callsFuncValue(fd *ast.FuncDecl) bool {
	if len(c.funcVals) == 0 && !c.importedFuncVals {
		return false
	}
	for _, call := range c.calls.Calls(fd) {
		if call.Callee == nil && c.funcValueCall(call.Expr) != 0 {
			return true
		}
	}
	return false
}

// returnsFunc reports whether a result of the function is of a function
// type that can return a wait: it may be a constructor of one.
func returnsFunc(info *types.Info, fd *ast.FuncDecl) bool {
	if fd.Type.Results == nil {
		return false
	}
	for _, f := range fd.Type.Results.List {
		if t := info.TypeOf(f.Type); t != nil && mayReturnWait(t) {
			return true
		}
	}
	return false
}

// returnedCalls returns the origins of what the function values that fd
// returns give when called.
func (c *checker) returnedCalls(fd *ast.FuncDecl) flow.Bits {
	info := c.pass.TypesInfo
	if !returnsFunc(info, fd) {
		return 0
	}
	fn, ok := info.Defs[fd.Name].(*types.Func)
	if !ok {
		return 0
	}
	res := fn.Type().(*types.Signature).Results()
	var b flow.Bits
	for _, ret := range c.calls.Returns(fd) {
		if len(ret.Results) != res.Len() {
			continue
		}
		for i, r := range ret.Results {
			if mayReturnWait(res.At(i).Type()) {
				b |= c.funcValueOf(r)
			}
		}
	}
	return b & flow.Origins
}

// exportFuncValues exports a fact for each marked package-level variable,
// exported field and named type of this package.
func (c *checker) exportFuncValues() {
	for obj, b := range c.funcVals {
		if obj.Pkg() != c.pass.Pkg || !obj.Exported() {
			continue
		}
		switch obj := obj.(type) {
		case *types.Var:
			if !obj.IsField() && obj.Parent() != c.pass.Pkg.Scope() {
				continue
			}
		case *types.TypeName:
			if obj.Parent() != c.pass.Pkg.Scope() {
				continue
			}
		default:
			continue
		}
		c.pass.ExportObjectFact(obj, &funcValueFact{Bits: b})
	}
}

// hasFuncValueFacts reports whether a dependency exported a function value
// that carries the server's wait.
func hasFuncValueFacts(c *checker) bool {
	for _, of := range c.pass.AllObjectFacts() {
		if _, ok := of.Fact.(*funcValueFact); ok {
			return true
		}
	}
	return false
}
