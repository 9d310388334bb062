package retryidempotency

// This file holds the functions that send the request they are handed:
// a doPost(client, req) helper, the Next method of a pipeline's request
// wrapper. A call of one is a send of that request, whose method is the
// caller's, as a call of (*http.Client).Do is.

import (
	"go/ast"
	"go/token"
	"go/types"
	"net/http"
	"strconv"

	"github.com/retrylint/retrylint/internal/analysisutil"
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
// SDK (see httpmodel.HoldsRequest).
func holdsRequest(t types.Type) bool { return httpmodel.HoldsRequest(t) }

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
	recv := flow.RecvVar(info, fd)
	if recv != nil && !carriesRequest(recv.Type()) {
		recv = nil
	}
	obj, ok := info.Defs[fd.Name].(*types.Func)
	if !ok || httpmodel.SerialisesOnly(obj) {
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
			// The request a holder keeps in a field (cfg.Request of
			// func (cfg *Config) Execute()): the holder's.
			if sel, ok := e.(*ast.SelectorExpr); ok && recv != nil && httpmodel.IsRequest(info.TypeOf(sel)) {
				if id, ok := ast.Unparen(sel.X).(*ast.Ident); ok && info.Uses[id] == recv {
					return flow.Source, true
				}
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
//
// Field, when not "", names the field of that parameter, a struct or a
// pointer to one, that holds the method: an SDK's description of an
// operation (build(ctx, op) with op.Method, op.Path, op.Body).
//
// Recv, when true, says the method is the field Field of the receiver
// instead of a parameter: a request builder's own method, set by whoever
// made the builder (func (r *Request) newHTTPRequest(ctx) builds with
// r.verb); Param is then unused.
//
// Const, when not "", is the one constant method of every request the
// function returns instead (newCreatePetRequest(server, body) of a
// generated client); Param, Field and Recv are then unused.
type methodFact struct {
	Param int
	Field string
	Const string
	Recv  bool
}

// from returns the expression of the call of a function with fact f that
// the method is taken from (the receiver or an argument; its field Field
// when that is not ""), false when the call does not have it.
func (f *methodFact) from(info *types.Info, call *ast.CallExpr) (ast.Expr, bool) {
	recv, args := httpmodel.Receiver(info, call)
	if f.Recv {
		return recv, recv != nil
	}
	if f.Param < len(args) {
		return args[f.Param], true
	}
	return nil, false
}

func (*methodFact) AFact() {}

func (f *methodFact) String() string {
	if f.Const != "" {
		return "method(" + f.Const + ")"
	}
	s := "method(param " + strconv.Itoa(f.Param)
	if f.Recv {
		s = "method(receiver"
	}
	if f.Field != "" {
		s += " field " + f.Field
	}
	return s + ")"
}

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
	params := map[int]*types.Var{}
	// The receiver's string fields are an origin of their own: a
	// builder's method (r.verb), which flow.Tag3 marks here.
	recv := flow.RecvVar(info, fd)
	isRecv := func(e ast.Expr) bool {
		id, ok := ast.Unparen(e).(*ast.Ident)
		return ok && recv != nil && info.Uses[id] == recv
	}
	f := flow.Analyze(flow.Config{
		Info: info,
		Param: func(i int, v *types.Var) flow.Bits {
			if isString(v.Type()) || structOrPointer(v.Type()) {
				params[i] = v
				return flow.Param(i)
			}
			return 0
		},
		// A string field of a struct parameter carries the parameter:
		// the method of an operation described by a struct (op.Method).
		Select: func(sel *ast.SelectorExpr, x func() flow.Bits) flow.Bits {
			if v := flow.FieldOf(info, sel); v != nil && isString(v.Type()) {
				if isRecv(sel.X) {
					return flow.Tag3
				}
				return x()
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
				if m := c.methods.Lookup(fn); m != nil && m.Const == "" {
					if r, _ := httpmodel.Receiver(info, call); m.Recv && isRecv(r) {
						out[0] = flow.Tag3
					} else if !m.Recv && m.Param < len(args) {
						out[0] = args[m.Param]
					}
				}
			}
			return out, true
		},
	}, fd.Type, fd.Body)
	// The method expressions of the requests fd builds, each with the
	// field of a struct it is taken from by a builder it calls.
	type use struct {
		e     ast.Expr
		field string
	}
	var uses []use
	ret := returnedVar(info, fd)
	if ret != nil {
		for _, m := range httpmodel.MethodStores(info, fd.Body, ret) {
			uses = append(uses, use{e: m})
		}
	}
	stored := len(uses) > 0
	if !stored {
		ast.Inspect(fd.Body, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.CallExpr:
				if _, _, isNew := httpmodel.NewRequestMethod(info, n); isNew {
					uses = append(uses, use{e: methodArg(info, n)})
				} else if m := c.lookupMethod(httpmodel.Callee(info, n)); m != nil && m.Const == "" {
					if e, ok := m.from(info, n); ok {
						uses = append(uses, use{e, m.Field})
					}
				}
			case *ast.CompositeLit:
				if lit := httpmodel.RequestLit(info, n); lit == n {
					if m := httpmodel.LitMethod(lit); m != nil {
						uses = append(uses, use{e: m})
					}
				}
			}
			return true
		})
	}
	var bits flow.Bits
	if stored {
		for _, u := range uses {
			if b := f.Expr(u.e); len(b.Params()) > 0 || b&flow.Tag3 != 0 {
				bits = b
				break
			}
		}
	}
	if r := f.Results(); bits == 0 && len(r) > 0 {
		bits = r[0]
	}
	ps := bits.Params()
	if len(ps) == 0 && bits&flow.Tag3 != 0 {
		// The receiver's method: the one field of it that every method
		// taken from it is read from, directly or by a builder of it.
		field := ""
		for _, u := range uses {
			name := ""
			if sel, ok := ast.Unparen(u.e).(*ast.SelectorExpr); ok && u.field == "" && isRecv(sel.X) {
				name = sel.Sel.Name
			} else if u.field != "" && isRecv(u.e) {
				name = u.field
			} else if f.Expr(u.e)&flow.Tag3 != 0 {
				return nil // the receiver's method, changed on the way
			} else {
				continue
			}
			if field != "" && field != name {
				return nil
			}
			field = name
		}
		if field == "" {
			return nil
		}
		return &methodFact{Recv: true, Field: field}
	}
	if len(ps) == 0 {
		if m := c.constMethodOf(fd); m != "" {
			return &methodFact{Const: m}
		}
		return nil
	}
	p := params[ps[0]]
	if p == nil {
		return nil
	}
	if isString(p.Type()) {
		return &methodFact{Param: ps[0]}
	}
	// A struct parameter: the one field of it that every method taken
	// from it is read from.
	field := ""
	for _, u := range uses {
		if f.Expr(u.e)&flow.Param(ps[0]) == 0 {
			continue
		}
		name := u.field
		switch x := ast.Unparen(u.e).(type) {
		case *ast.SelectorExpr:
			id, isID := ast.Unparen(x.X).(*ast.Ident)
			s, isSel := info.Selections[x]
			if name != "" || !isID || info.Uses[id] != p || !isSel || s.Kind() != types.FieldVal {
				return nil
			}
			name = x.Sel.Name
		case *ast.Ident:
			if name == "" || info.Uses[x] != p {
				return nil
			}
		default:
			return nil
		}
		if field != "" && field != name {
			return nil
		}
		field = name
	}
	if field == "" {
		return nil
	}
	return &methodFact{Param: ps[0], Field: field}
}

// isString reports whether t is a string type.
func isString(t types.Type) bool {
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Info()&types.IsString != 0
}

// structOrPointer reports whether t is a struct, or a pointer to one.
func structOrPointer(t types.Type) bool {
	if p, ok := t.Underlying().(*types.Pointer); ok {
		t = p.Elem()
	}
	_, ok := t.Underlying().(*types.Struct)
	return ok
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
	flow.ReturnsOf(fd.Body, func(ret *ast.ReturnStmt) {
		if len(ret.Results) == 0 {
			return
		}
		e := ast.Unparen(ret.Results[0])
		if u, isAddr := e.(*ast.UnaryExpr); isAddr && u.Op == token.AND {
			e = ast.Unparen(u.X)
		}
		id, isID := e.(*ast.Ident)
		if !isID {
			if !analysisutil.IsNil(info, e) {
				ok = false
			}
			return
		}
		v, _ := info.Uses[id].(*types.Var)
		if v == nil || out != nil && out != v {
			ok = false
		}
		out = v
	})
	if !ok {
		return nil
	}
	return out
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

// methodIn resolves the method that arg, handed to a function that takes
// its method from it, carries in fn: a constant, a local variable
// assigned one constant, or, for a builder that reads the method from a
// field of a struct, the field of the literal arg is (or every variable
// arg names is assigned).
func (c *checker) methodIn(fn ast.Node, arg ast.Expr, field string) (string, bool) {
	info := c.pass.TypesInfo
	if field == "" {
		if m, ok := httpmodel.ConstString(info, arg); ok {
			return m, true
		}
		return c.methodVarExpr(fn, arg)
	}
	vals, ok := flow.FieldValues(info, c.pass.Files, fn, arg, field)
	if !ok {
		return "", false
	}
	// Several constants join as a method variable's do: the write
	// among them (joinMethod).
	m := ""
	for _, v := range vals {
		s, ok := httpmodel.ConstString(info, v)
		if !ok {
			return "", false
		}
		if m, ok = joinMethod(m, s); !ok {
			return "", false
		}
	}
	return m, m != ""
}

// methodParam returns the parameter of fd, and the field of it, that the
// method expression e (read from field of e when field is not "") takes
// its value from: a string parameter, or a field of a struct parameter;
// -1 for none.
func (c *checker) methodParam(fd *ast.FuncDecl, e ast.Expr, field string) (int, string) {
	if e == nil {
		return -1, ""
	}
	if field != "" {
		return c.paramIndex(fd, described(e)), field
	}
	if sel, ok := ast.Unparen(e).(*ast.SelectorExpr); ok {
		if s, isSel := c.pass.TypesInfo.Selections[sel]; isSel && s.Kind() == types.FieldVal {
			if i := c.paramIndex(fd, sel.X); i >= 0 && structOrPointer(c.pass.TypesInfo.TypeOf(sel.X)) {
				return i, sel.Sel.Name
			}
		}
		return -1, ""
	}
	return c.paramIndex(fd, e), ""
}

// constMethodOf returns the one constant method of every request fd
// returns, "" when there is none or they differ: each return hands back
// nil, a request built with that method (by http.NewRequest, a request
// literal, or another builder), or a variable holding one, whatever
// context it is given again (req.WithContext(ctx)).
func (c *checker) constMethodOf(fd ast.Node) string {
	info := c.pass.TypesInfo
	_, body := flow.FuncParts(fd)
	if body == nil {
		return ""
	}
	method, ok := "", true
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return n == fd
		case *ast.ReturnStmt:
			if !ok {
				return false
			}
			if len(n.Results) == 0 {
				ok = false // a named result: not followed
				return false
			}
			e := ast.Unparen(n.Results[0])
			if tv, isTV := info.Types[e]; isTV && tv.IsNil() {
				return false
			}
			m := c.builtMethod(fd, e)
			if m == "" || method != "" && m != method {
				ok = false
			}
			method = m
		}
		return ok
	})
	if !ok {
		return ""
	}
	return method
}

// builtMethod returns the constant method of the request e of fd, "" when
// it is not known.
func (c *checker) builtMethod(fd ast.Node, e ast.Expr) string {
	info := c.pass.TypesInfo
	if u, isAddr := e.(*ast.UnaryExpr); isAddr && u.Op == token.AND {
		e = ast.Unparen(u.X)
	}
	if r := httpmodel.CopiedRequest(info, e); r != nil {
		return c.builtMethod(fd, ast.Unparen(r))
	}
	if id, isID := e.(*ast.Ident); isID {
		if s, ok := c.requestSend(fd, nil, id); ok && !s.anyMethod {
			return s.method
		}
		return ""
	}
	if lit := httpmodel.RequestLit(info, e); lit != nil {
		m := http.MethodGet
		if me := httpmodel.LitMethod(lit); me != nil {
			m, _ = httpmodel.ConstString(info, me)
		}
		return m
	}
	call, isCall := e.(*ast.CallExpr)
	if !isCall {
		return ""
	}
	if m, known, isNew := httpmodel.NewRequestMethod(info, call); isNew {
		if known {
			return m
		}
		m, _ = c.methodVar(fd, call)
		return m
	}
	if mf := c.lookupMethod(httpmodel.Callee(info, call)); mf != nil && mf.Const != "" {
		return mf.Const
	}
	return c.closureMethod(fd, call)
}

// closureMethod returns the one constant method of the requests that call
// builds by calling a local closure of fn (newReq := func() (*http.Request,
// error) { return http.NewRequest("POST", ...) }), "" when it is not
// known.
func (c *checker) closureMethod(fn ast.Node, call *ast.CallExpr) string {
	info := c.pass.TypesInfo
	id, ok := ast.Unparen(call.Fun).(*ast.Ident)
	if !ok {
		return ""
	}
	v, ok := info.Uses[id].(*types.Var)
	if !ok || v.Parent() == v.Pkg().Scope() {
		return ""
	}
	vals, known := flow.Assigned(info, fn, v)
	if !known || len(vals) == 0 {
		return ""
	}
	m := ""
	for _, val := range vals {
		lit, isLit := ast.Unparen(val).(*ast.FuncLit)
		if !isLit {
			return ""
		}
		lm := c.constMethodOf(lit)
		if lm == "" || m != "" && lm != m {
			return ""
		}
		m = lm
	}
	return m
}

// derivedFrom reports whether call gives the request v again with
// another context: v.WithContext(ctx) or v.Clone(ctx).
func derivedFrom(info *types.Info, call *ast.CallExpr, v *types.Var) bool {
	id, ok := ast.Unparen(httpmodel.CopiedRequest(info, call)).(*ast.Ident)
	return ok && info.Uses[id] == v
}
