package retryidempotency

// This file holds the functions that send the request they are handed:
// a doPost(client, req) helper, the Next method of a pipeline's request
// wrapper. A call of one is a send of that request, whose method is the
// caller's, as a call of (*http.Client).Do is.

import (
	"go/ast"
	"go/token"
	"go/types"
	"strconv"

	"github.com/retrylint/retrylint/internal/flow"
	"github.com/retrylint/retrylint/internal/httpmodel"
)

// forwardFact marks a function that sends the request it receives: its
// Param-th parameter (receiver aside), or its receiver when Param is -1.
// The request is a *http.Request or a wrapper of one (see holdsRequest).
type forwardFact struct {
	Param int
}

func (*forwardFact) AFact() {}

func (f *forwardFact) String() string {
	if f.Param < 0 {
		return "sends(receiver)"
	}
	return "sends(param " + strconv.Itoa(f.Param) + ")"
}

// carriesRequest reports whether a value of type t is a request: a
// *http.Request, or a wrapper that holds one (see holdsRequest).
func carriesRequest(t types.Type) bool {
	return httpmodel.IsRequest(t) || holdsRequest(t)
}

// holdsRequest reports whether t is a request wrapper of a pipeline or an
// SDK: a struct type, or a pointer to one, with a field of type
// *http.Request.
func holdsRequest(t types.Type) bool {
	if t == nil {
		return false
	}
	t = types.Unalias(t)
	if p, ok := t.(*types.Pointer); ok {
		t = types.Unalias(p.Elem())
	}
	if _, ok := t.(*types.Named); !ok {
		return false
	}
	st, ok := t.Underlying().(*types.Struct)
	if !ok {
		return false
	}
	for f := range st.Fields() {
		if httpmodel.IsRequest(f.Type()) {
			return true
		}
	}
	return false
}

// rawRequest returns how code of pkg gets the *http.Request of a value of
// the wrapper type t: a method without parameters that returns it
// (".Raw()"), or a field of that type (".Request"), whichever pkg can
// use; "" when there is none.
func rawRequest(pkg *types.Package, t types.Type) string {
	if t == nil {
		return "" // a type error
	}
	ms := types.NewMethodSet(t)
	if _, isPtr := types.Unalias(t).(*types.Pointer); !isPtr {
		ms = types.NewMethodSet(types.NewPointer(t))
	}
	for sel := range ms.Methods() {
		fn, ok := sel.Obj().(*types.Func)
		if !ok || !(fn.Exported() || fn.Pkg() == pkg) {
			continue
		}
		sig := fn.Type().(*types.Signature)
		if sig.Params().Len() == 0 && sig.Results().Len() == 1 && httpmodel.IsRequest(sig.Results().At(0).Type()) {
			return "." + fn.Name() + "()"
		}
	}
	u := types.Unalias(t)
	if p, ok := u.(*types.Pointer); ok {
		u = p.Elem()
	}
	if st, ok := u.Underlying().(*types.Struct); ok {
		for f := range st.Fields() {
			if httpmodel.IsRequest(f.Type()) && (f.Exported() || f.Pkg() == pkg) {
				return "." + f.Name()
			}
		}
	}
	return ""
}

// forwarded returns the request operand of a call of a function with a
// forwardFact: the argument or the receiver the function sends.
func (c *checker) forwarded(call *ast.CallExpr) (ast.Expr, bool) {
	info := c.pass.TypesInfo
	f := httpmodel.Callee(info, call)
	if f == nil {
		return nil, false
	}
	fw := c.forwards.Lookup(f)
	if fw == nil {
		return nil, false
	}
	recv, args := httpmodel.Receiver(info, call)
	if fw.Param < 0 {
		return recv, recv != nil
	}
	if fw.Param >= len(args) || f.Type().(*types.Signature).Variadic() && fw.Param >= f.Type().(*types.Signature).Params().Len()-1 {
		return nil, false
	}
	return args[fw.Param], true
}

// sendOperands returns the request operands of a call that sends: the
// request of Do and RoundTrip, the arguments of a call through an
// interface or a func value that returns a response (a pipeline's next
// policy takes the wrapper), the request a forwarding function sends.
func (c *checker) sendOperands(call *ast.CallExpr) []ast.Expr {
	if s, ok := httpmodel.SendOf(c.pass.TypesInfo, call); ok {
		switch {
		case s.Request != nil:
			return []ast.Expr{s.Request}
		case s.Method == "":
			return call.Args
		}
		return nil
	}
	if e, ok := c.forwarded(call); ok {
		return []ast.Expr{e}
	}
	return nil
}

// forwardOf summarises a function that sends a request it receives, as a
// parameter or as its receiver, or whatever it derives from one (a copy,
// a clone with another context, a wrapper's next stage).
func (c *checker) forwardOf(fd *ast.FuncDecl) *forwardFact {
	info := c.pass.TypesInfo
	var recv *types.Var
	if fd.Recv != nil && len(fd.Recv.List) == 1 && len(fd.Recv.List[0].Names) == 1 {
		if v, ok := info.Defs[fd.Recv.List[0].Names[0]].(*types.Var); ok && carriesRequest(v.Type()) {
			recv = v
		}
	}
	obj, ok := info.Defs[fd.Name].(*types.Func)
	if !ok {
		return nil
	}
	has := recv != nil
	for v := range obj.Type().(*types.Signature).Params().Variables() {
		has = has || carriesRequest(v.Type())
	}
	if !has {
		return nil
	}
	f := flow.Analyze(flow.Config{
		Info: info,
		Param: func(i int, v *types.Var) flow.Bits {
			if carriesRequest(v.Type()) {
				return flow.Param(i)
			}
			return 0
		},
		Expr: func(_ *flow.Func, e ast.Expr) (flow.Bits, bool) {
			if id, ok := e.(*ast.Ident); ok && recv != nil && info.Uses[id] == recv {
				return flow.Source, true
			}
			return 0, false
		},
		Call: func(call *ast.CallExpr, _ *types.Func, r flow.Bits, args []flow.Bits) ([]flow.Bits, bool) {
			out := resultSlots(info, call)
			if _, _, isNew := httpmodel.NewRequestMethod(info, call); isNew {
				return out, true // a request of the function's own
			}
			// What is made from the request (a copy, a clone, the
			// next stage of a pipeline) is it.
			all := r
			for _, a := range args {
				all |= a
			}
			out[0] = all
			return out, true
		},
	}, fd.Type, fd.Body)
	var fact *forwardFact
	ownCalls(fd.Body, func(call *ast.CallExpr) {
		if fact != nil {
			return
		}
		for _, op := range c.sendOperands(call) {
			if !carriesRequest(info.TypeOf(op)) {
				continue
			}
			b := f.Expr(op)
			if b&flow.Source != 0 {
				fact = &forwardFact{Param: -1}
				return
			}
			if ps := b.Params(); len(ps) > 0 {
				fact = &forwardFact{Param: ps[0]}
				return
			}
		}
	})
	return fact
}

// ownCalls calls fn for each call that runs as part of body: the calls in
// function literals, go and defer statements are skipped.
func ownCalls(body ast.Node, fn func(*ast.CallExpr)) {
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit, *ast.GoStmt, *ast.DeferStmt:
			return false
		case *ast.CallExpr:
			fn(n)
		}
		return true
	})
}

// methodFact marks a function that returns a request built with the
// method it receives as its Param-th parameter (receiver aside): a
// newRequest(ctx, method, ...) helper. The request carries its caller's
// method.
type methodFact struct {
	Param int
}

func (*methodFact) AFact() {}

func (f *methodFact) String() string { return "method(param " + strconv.Itoa(f.Param) + ")" }

// buildsRequest reports whether fn's first result is a *http.Request or
// an http.Request (a struct the caller sends by its address).
func buildsRequest(fn *types.Func) bool {
	res := fn.Type().(*types.Signature).Results()
	return res.Len() > 0 && httpmodel.IsRequestValue(res.At(0).Type())
}

// methodOf summarises a function that returns a request built with the
// method of one of its string parameters, directly (http.NewRequest, a
// request literal's Method field, a store to the Method field of the
// request it returns) or through another such function.
func (c *checker) methodOf(fd *ast.FuncDecl) *methodFact {
	info := c.pass.TypesInfo
	f := flow.Analyze(flow.Config{
		Info: info,
		Param: func(i int, v *types.Var) flow.Bits {
			if b, ok := v.Type().Underlying().(*types.Basic); ok && b.Info()&types.IsString != 0 {
				return flow.Param(i)
			}
			return 0
		},
		Expr: func(f *flow.Func, e ast.Expr) (flow.Bits, bool) {
			if lit := httpmodel.RequestLit(info, e); lit != nil {
				if m := httpmodel.LitMethod(lit); m != nil {
					return f.Expr(m), true
				}
				return 0, true
			}
			return 0, false
		},
		Call: func(call *ast.CallExpr, fn *types.Func, _ flow.Bits, args []flow.Bits) ([]flow.Bits, bool) {
			out := resultSlots(info, call)
			if _, _, isNew := httpmodel.NewRequestMethod(info, call); isNew {
				if i := methodIndex(info, call); i < len(args) {
					out[0] = args[i]
				}
				return out, true
			}
			if fn != nil {
				if m := c.methods.Lookup(fn); m != nil && m.Param < len(args) {
					out[0] = args[m.Param]
				}
			}
			return out, true
		},
	}, fd.Type, fd.Body)
	// A method stored in the request it returns replaces the one it was
	// built with.
	if v := returnedVar(info, fd); v != nil {
		for _, m := range httpmodel.MethodStores(info, fd.Body, v) {
			if ps := f.Expr(m).Params(); len(ps) > 0 {
				return &methodFact{Param: ps[0]}
			}
		}
	}
	r := f.Results()
	if len(r) == 0 {
		return nil
	}
	if ps := r[0].Params(); len(ps) > 0 {
		return &methodFact{Param: ps[0]}
	}
	return nil
}

// returnedVar returns the local variable whose request fd returns as its
// first result: its named first result, or the variable that each of its
// return statements returns (req or &req); nil when there is none.
func returnedVar(info *types.Info, fd *ast.FuncDecl) *types.Var {
	res := fd.Type.Results
	if res != nil && len(res.List) > 0 && len(res.List[0].Names) > 0 {
		v, _ := info.Defs[res.List[0].Names[0]].(*types.Var)
		return v
	}
	var out *types.Var
	ok := true
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.ReturnStmt:
			if len(n.Results) == 0 {
				return false
			}
			e := ast.Unparen(n.Results[0])
			if u, isAddr := e.(*ast.UnaryExpr); isAddr && u.Op == token.AND {
				e = ast.Unparen(u.X)
			}
			id, isID := e.(*ast.Ident)
			if !isID {
				if !isNil(info, e) {
					ok = false
				}
				return false
			}
			v, _ := info.Uses[id].(*types.Var)
			if v == nil || out != nil && out != v {
				ok = false
			}
			out = v
		}
		return true
	})
	if !ok {
		return nil
	}
	return out
}

// isNil reports whether e is the nil value.
func isNil(info *types.Info, e ast.Expr) bool {
	tv, ok := info.Types[e]
	return ok && tv.IsNil()
}

// methodIndex returns the index of the method argument of a NewRequest
// call.
func methodIndex(info *types.Info, build *ast.CallExpr) int {
	if f := httpmodel.Callee(info, build); httpmodel.IsPkgFunc(f, "net/http", "NewRequestWithContext") {
		return 1
	}
	return 0
}

// resultSlots returns one empty value for each result of call (one for a
// call of no result or of an unknown type), for a Call hook to fill.
func resultSlots(info *types.Info, call *ast.CallExpr) []flow.Bits {
	n := 1
	if t := info.TypeOf(call.Fun); t != nil {
		if sig, ok := t.Underlying().(*types.Signature); ok {
			n = max(sig.Results().Len(), 1)
		}
	}
	return make([]flow.Bits, n)
}
