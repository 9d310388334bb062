// Package httpmodel recognises the parts of net/http that the retrylint
// analyzers reason about: requests being sent, requests being built with a
// method, and headers being read or written.
//
// Every recogniser matches through the type checker (the called
// *types.Func, its package path and receiver), never through the spelling of
// an identifier, so a local type or function that happens to be called Do or
// Get is not mistaken for net/http.
package httpmodel

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"net/http"
	"sync"

	"golang.org/x/tools/go/types/typeutil"

	"github.com/retrylint/retrylint/internal/analysisutil"
)

const httpPkg = "net/http"

// Callee returns the function or method called by call, or nil when the
// callee is not a statically known *types.Func (a func value, a
// conversion, a builtin) or call is nil.
func Callee(info *types.Info, call *ast.CallExpr) *types.Func {
	if call == nil {
		return nil
	}
	fn, _ := typeutil.Callee(info, call).(*types.Func)
	return fn
}

// CalleeName returns the name that call's function is written with: F in
// F(x), pkg.F(x), v.M(x) and F[T](x); "" for other forms. A statically
// known callee has this name, which makes a cheap test before Callee.
func CalleeName(call *ast.CallExpr) string {
	fun := ast.Unparen(call.Fun)
	for {
		switch f := fun.(type) {
		case *ast.Ident:
			return f.Name
		case *ast.SelectorExpr:
			return f.Sel.Name
		case *ast.IndexExpr:
			fun = ast.Unparen(f.X)
		case *ast.IndexListExpr:
			fun = ast.Unparen(f.X)
		default:
			return ""
		}
	}
}

// IsPkgFunc reports whether fn is the package-level function pkg.name.
func IsPkgFunc(fn *types.Func, pkg string, names ...string) bool {
	if fn == nil || fn.Pkg() == nil || fn.Pkg().Path() != pkg {
		return false
	}
	if sig, ok := fn.Type().(*types.Signature); !ok || sig.Recv() != nil {
		return false
	}
	return len(names) == 0 || contains(names, fn.Name())
}

// IsMethod reports whether fn is a method named one of names whose receiver
// is the named type pkg.typ, or a pointer to it.
func IsMethod(fn *types.Func, pkg, typ string, names ...string) bool {
	if fn == nil {
		return false
	}
	sig, ok := fn.Type().(*types.Signature)
	if !ok || sig.Recv() == nil {
		return false
	}
	if !IsNamed(sig.Recv().Type(), pkg, typ) {
		return false
	}
	return len(names) == 0 || contains(names, fn.Name())
}

// IsNamed reports whether t, or the type t points to, is the named type
// pkg.name (aliases are resolved).
func IsNamed(t types.Type, pkg, name string) bool {
	t = types.Unalias(t)
	if p, ok := t.(*types.Pointer); ok {
		t = types.Unalias(p.Elem())
	}
	n, ok := t.(*types.Named)
	if !ok {
		return false
	}
	obj := n.Obj()
	return obj.Name() == name && obj.Pkg() != nil && obj.Pkg().Path() == pkg
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// A Send describes a call that sends an HTTP request.
type Send struct {
	Call *ast.CallExpr
	// Method is the HTTP method when the send itself fixes it (http.Get is
	// GET, Client.PostForm is POST) and "" when the method comes from a
	// request value (Client.Do, RoundTrip).
	Method string
	// Request is the *http.Request argument of Do and RoundTrip, nil for
	// the URL-taking shapes.
	Request ast.Expr
}

// SerialisesOnly reports whether fn, although it calls RoundTrip, sends
// nothing to a server: httputil.DumpRequestOut writes the request into
// memory through a Transport whose connection is a buffer (dump.go), so
// its error is no transport error and calling it in a loop sends nothing
// again.
func SerialisesOnly(fn *types.Func) bool {
	return IsPkgFunc(fn, "net/http/httputil", "DumpRequestOut")
}

// SendOf reports whether call sends an HTTP request: http.Get, Head, Post,
// PostForm; the same methods and Do on *http.Client; RoundTrip on an
// http.RoundTripper or on any concrete type whose method satisfies it (such
// as *http.Transport); and a call whose callee is not known statically but
// has the shape of a send, func(*http.Request) (*http.Response, error): a
// method of an interface (a Doer, a Sender, the next policy of a pipeline)
// or a func value (a handler, a field, a parameter). What a concrete
// function of that shape does is known from its body instead (see
// retryloop).
func SendOf(info *types.Info, call *ast.CallExpr) (Send, bool) {
	switch CalleeName(call) {
	case "Get", "Head", "Post", "PostForm", "Do", "RoundTrip":
	default:
		return dynamicSend(info, call)
	}
	fn := Callee(info, call)
	if fn == nil {
		return dynamicSend(info, call)
	}
	_, args := Receiver(info, call)
	s := Send{Call: call}
	switch {
	case IsPkgFunc(fn, httpPkg, "Get", "Head", "Post", "PostForm"),
		IsMethod(fn, httpPkg, "Client", "Get", "Head", "Post", "PostForm"):
		s.Method = urlShapeMethod(fn.Name())
		return s, true
	case IsMethod(fn, httpPkg, "Client", "Do"):
		if len(args) == 1 {
			s.Request = args[0]
		}
		return s, true
	case fn.Name() == "RoundTrip" && IsRoundTrip(fn):
		if len(args) == 1 {
			s.Request = args[0]
		}
		return s, true
	}
	return dynamicSend(info, call)
}

// IsClientDo reports whether fn is (*http.Client).Do, or the Do method
// of an interface that *http.Client satisfies (a Doer, an HTTPClient):
// its default, and the commonest implementation, returns the errors
// Client.Do does, a *url.Error that prints the request's URL.
func IsClientDo(fn *types.Func) bool {
	if IsMethod(fn, httpPkg, "Client", "Do") {
		return true
	}
	if fn == nil || fn.Name() != "Do" {
		return false
	}
	recv := fn.Type().(*types.Signature).Recv()
	if recv == nil {
		return false
	}
	iface, ok := recv.Type().Underlying().(*types.Interface)
	if !ok {
		return false
	}
	client := httpClientType(fn)
	return client != nil && types.Implements(types.NewPointer(client), iface)
}

// httpClientType returns net/http's Client type as fn's package sees it
// through its imports, nil when net/http is not among them.
func httpClientType(fn *types.Func) types.Type {
	if fn.Pkg() == nil {
		return nil
	}
	for _, imp := range fn.Pkg().Imports() {
		if imp.Path() == httpPkg {
			if obj, ok := imp.Scope().Lookup("Client").(*types.TypeName); ok {
				return obj.Type()
			}
		}
	}
	return nil
}

// dynamicSend recognises a call of an interface method or a func value
// that returns what a send does, (*http.Response, error): whatever it
// takes (a *http.Request, a request type of an SDK's pipeline, nothing),
// such a call sends. Request is its *http.Request argument, when it has
// exactly one.
func dynamicSend(info *types.Info, call *ast.CallExpr) (Send, bool) {
	if fn := Callee(info, call); fn != nil {
		recv := fn.Type().(*types.Signature).Recv()
		if recv == nil || !types.IsInterface(recv.Type()) {
			return Send{}, false // a declared function: its body says
		}
	} else if tv, ok := info.Types[call.Fun]; !ok || !tv.IsValue() {
		return Send{}, false // a conversion or a builtin
	} else if _, lit := ast.Unparen(call.Fun).(*ast.FuncLit); lit {
		return Send{}, false // a literal: its body says
	}
	// The func value may be of a named or an alias type.
	t := info.TypeOf(call.Fun)
	if t == nil {
		return Send{}, false
	}
	sig, ok := t.Underlying().(*types.Signature)
	if !ok {
		return Send{}, false
	}
	if !returnsResponse(sig) {
		// A stage of a pipeline: handed the request's wrapper, it
		// answers a wrapper of the response (next.Do(ctx, req) of
		// azure-pipeline-go, func(ctx, Request) (Response, error)).
		if !returnsWrapped(sig) || wrapperParam(sig) < 0 || len(call.Args) != sig.Params().Len() {
			return Send{}, false
		}
		return Send{Call: call}, true
	}
	if requestParam(sig) < 0 && takesResponse(sig) {
		// Handed a response and answering one (handle(resp), a
		// check of the status the caller passes): it processes what a
		// send answered, it sends nothing.
		return Send{}, false
	}
	s := Send{Call: call}
	if i := requestParam(sig); i >= 0 && len(call.Args) == sig.Params().Len() {
		s.Request = call.Args[i]
	}
	return s, true
}

// takesResponse reports whether sig has a *http.Response parameter.
func takesResponse(sig *types.Signature) bool {
	for v := range sig.Params().Variables() {
		if IsResponse(v.Type()) {
			return true
		}
	}
	return false
}

// requestParam returns the index of the one *http.Request parameter of
// sig, or -1 when it has none, several, or takes variadic arguments. The
// other parameters may be anything a pipeline hands along with the
// request (a context, the index of the next stage): next(ctx, req) sends
// req as next(req) does.
func requestParam(sig *types.Signature) int {
	return oneParam(sig, IsRequest)
}

// oneParam returns the index of the one parameter of sig whose type
// satisfies is, or -1 when it has none, several, or takes variadic
// arguments.
func oneParam(sig *types.Signature, is func(types.Type) bool) int {
	if sig.Variadic() {
		return -1
	}
	at := -1
	for i := range sig.Params().Len() {
		if is(sig.Params().At(i).Type()) {
			if at >= 0 {
				return -1
			}
			at = i
		}
	}
	return at
}

// IsErrorsAs reports whether fn is errors.As, or one of the packages
// that forward to it (github.com/pkg/errors, golang.org/x/xerrors).
func IsErrorsAs(fn *types.Func) bool {
	return IsPkgFunc(fn, "errors", "As") || IsPkgFunc(fn, "github.com/pkg/errors", "As") || IsPkgFunc(fn, "golang.org/x/xerrors", "As")
}

// HoldsRequest reports whether t is a request wrapper of a pipeline or an
// SDK: a named struct type, or a pointer to one, with a field of type
// *http.Request.
func HoldsRequest(t types.Type) bool {
	return holdsField(t, IsRequest)
}

// holdsField reports whether t is a named struct type, or a pointer to
// one, with a field whose type satisfies is.
func holdsField(t types.Type, is func(types.Type) bool) bool {
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
		if is(f.Type()) {
			return true
		}
	}
	return false
}

// holdsResponse reports whether t wraps a response: a named struct type
// (or a pointer to one) that embeds *http.Response, or a named interface
// with a method that takes nothing and returns one. A struct that keeps a
// response in a named field beside other things (a cache entry with its
// expiry) is no answer of a send.
func holdsResponse(t types.Type) bool {
	if t == nil {
		return false
	}
	u := types.Unalias(t)
	if p, ok := u.(*types.Pointer); ok {
		u = types.Unalias(p.Elem())
	}
	if _, named := u.(*types.Named); named {
		if st, ok := u.Underlying().(*types.Struct); ok {
			for f := range st.Fields() {
				if f.Embedded() && IsResponse(f.Type()) {
					return true
				}
			}
			return false
		}
	}
	n, ok := types.Unalias(t).(*types.Named)
	if !ok {
		return false
	}
	it, ok := n.Underlying().(*types.Interface)
	if !ok {
		return false
	}
	for m := range it.Methods() {
		sig := m.Type().(*types.Signature)
		if sig.Params().Len() == 0 && sig.Results().Len() == 1 && IsResponse(sig.Results().At(0).Type()) {
			return true
		}
	}
	return false
}

// returnsWrapped reports whether sig's results are a response wrapper
// (see holdsResponse) and an error.
func returnsWrapped(sig *types.Signature) bool {
	return sig.Results().Len() == 2 &&
		holdsResponse(sig.Results().At(0).Type()) &&
		analysisutil.IsError(sig.Results().At(1).Type())
}

// wrapperParam returns the index of the one parameter of sig that is a
// request or a wrapper of one, or -1.
func wrapperParam(sig *types.Signature) int {
	return oneParam(sig, func(t types.Type) bool { return IsRequest(t) || HoldsRequest(t) })
}

// returnsResponse reports whether sig's results are (*http.Response,
// error).
func returnsResponse(sig *types.Signature) bool {
	return sig.Results().Len() == 2 &&
		IsResponse(sig.Results().At(0).Type()) &&
		analysisutil.IsError(sig.Results().At(1).Type())
}

// IsRequest reports whether t is *http.Request.
func IsRequest(t types.Type) bool {
	return t != nil && IsNamed(t, httpPkg, "Request") && isPointer(t)
}

// IsResponse reports whether t is *http.Response.
func IsResponse(t types.Type) bool {
	return t != nil && IsNamed(t, httpPkg, "Response") && isPointer(t)
}

// isSendSignature reports whether sig is func(*http.Request)
// (*http.Response, error), receiver aside.
func isSendSignature(sig *types.Signature) bool {
	return sig.Params().Len() == 1 && !sig.Variadic() && IsRequest(sig.Params().At(0).Type()) && returnsResponse(sig)
}

func urlShapeMethod(name string) string {
	switch name {
	case "Get":
		return http.MethodGet
	case "Head":
		return http.MethodHead
	default: // Post, PostForm
		return http.MethodPost
	}
}

// IsRoundTrip reports whether fn is http.RoundTripper.RoundTrip or a method
// with its exact signature: func(*http.Request) (*http.Response, error).
func IsRoundTrip(fn *types.Func) bool {
	if IsMethod(fn, httpPkg, "RoundTripper", "RoundTrip") {
		return true
	}
	sig := fn.Type().(*types.Signature)
	return sig.Recv() != nil && isSendSignature(sig)
}

func isPointer(t types.Type) bool {
	_, ok := types.Unalias(t).(*types.Pointer)
	return ok
}

// CopiedRequest returns r for e, a call r.WithContext(ctx) or
// r.Clone(ctx) of an *http.Request: a copy with the same method, URL and
// header. nil for anything else.
func CopiedRequest(info *types.Info, e ast.Expr) ast.Expr {
	call, ok := ast.Unparen(e).(*ast.CallExpr)
	if !ok {
		return nil
	}
	if !IsMethod(Callee(info, call), httpPkg, "Request", "WithContext", "Clone") {
		return nil
	}
	r, _ := Receiver(info, call) // r.WithContext(ctx), or (*http.Request).WithContext(r, ctx)
	return r
}

// NewRequestMethod reports whether call is http.NewRequest or
// http.NewRequestWithContext and, when its method argument is a constant,
// that method. known is false for a method that is not a constant: callers
// must then say nothing rather than guess.
func NewRequestMethod(info *types.Info, call *ast.CallExpr) (method string, known, ok bool) {
	if name := CalleeName(call); name != "NewRequest" && name != "NewRequestWithContext" {
		return "", false, false
	}
	fn := Callee(info, call)
	var idx int
	switch {
	case IsPkgFunc(fn, httpPkg, "NewRequest"):
		idx = 0
	case IsPkgFunc(fn, httpPkg, "NewRequestWithContext"):
		idx = 1
	default:
		return "", false, false
	}
	if len(call.Args) <= idx {
		return "", false, true
	}
	m, known := ConstString(info, call.Args[idx])
	return m, known, true
}

// ConstString returns the value of e when it is a constant string.
func ConstString(info *types.Info, e ast.Expr) (string, bool) {
	tv, ok := info.Types[e]
	if !ok || tv.Value == nil || tv.Value.Kind() != constant.String {
		return "", false
	}
	return constant.StringVal(tv.Value), true
}

// HeaderName returns the header name that e denotes, in canonical form: a
// string constant, or one passed through http.CanonicalHeaderKey or
// textproto.CanonicalMIMEHeaderKey.
func HeaderName(info *types.Info, e ast.Expr) (string, bool) {
	if name, ok := ConstString(info, Uncanonical(info, e)); ok {
		return http.CanonicalHeaderKey(name), true
	}
	return "", false
}

// Uncanonical returns the name that e puts in canonical form
// (http.CanonicalHeaderKey(name), textproto.CanonicalMIMEHeaderKey(name)),
// and e itself otherwise.
func Uncanonical(info *types.Info, e ast.Expr) ast.Expr {
	call, ok := ast.Unparen(e).(*ast.CallExpr)
	if !ok || len(call.Args) != 1 {
		return e
	}
	if fn := Callee(info, call); IsPkgFunc(fn, httpPkg, "CanonicalHeaderKey") || IsPkgFunc(fn, "net/textproto", "CanonicalMIMEHeaderKey") {
		return call.Args[0]
	}
	return e
}

// HeaderOp is what a header access does.
type HeaderOp int

const (
	HeaderGet    HeaderOp = iota // h.Get(name)
	HeaderValues                 // h.Values(name)
	HeaderIndex                  // h[name], read
	HeaderSet                    // h.Set(name, v)
	HeaderAdd                    // h.Add(name, v)
	HeaderDel                    // h.Del(name)
)

// IsRead reports whether op reads a header's value.
func (op HeaderOp) IsRead() bool { return op <= HeaderIndex }

// A HeaderAccess is one access to a named header of an http.Header.
type HeaderAccess struct {
	Op HeaderOp
	// Name is the header name in canonical form (http.CanonicalHeaderKey),
	// or "" when the name is not a constant.
	Name string
	// Key is the name operand.
	Key ast.Expr
	// Header is the http.Header operand (the receiver or the indexed map).
	Header ast.Expr
	// Value is the value argument of Set and Add.
	Value ast.Expr
}

// Receiver returns the receiver operand of a method call and the
// arguments proper: for h.Get(k), h and [k]; for the method expression
// http.Header.Get(h, k), h and [k] too. For other calls it returns nil and
// all arguments.
func Receiver(info *types.Info, call *ast.CallExpr) (recv ast.Expr, args []ast.Expr) {
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok {
		return nil, call.Args
	}
	s, ok := info.Selections[sel]
	switch {
	case !ok:
		return nil, call.Args
	case s.Kind() == types.MethodExpr:
		if len(call.Args) == 0 {
			return nil, nil
		}
		return call.Args[0], call.Args[1:]
	case s.Kind() == types.MethodVal:
		return sel.X, call.Args
	}
	return nil, call.Args
}

// HeaderCall recognises h.Get, Values, Set, Add and Del on an http.Header.
func HeaderCall(info *types.Info, call *ast.CallExpr) (HeaderAccess, bool) {
	switch CalleeName(call) {
	case "Get", "Values", "Set", "Add", "Del":
	default:
		return HeaderAccess{}, false
	}
	fn := Callee(info, call)
	if !IsMethod(fn, httpPkg, "Header") {
		return HeaderAccess{}, false
	}
	recv, args := Receiver(info, call)
	if recv == nil || len(args) == 0 {
		return HeaderAccess{}, false
	}
	a := HeaderAccess{Header: recv}
	switch fn.Name() {
	case "Get":
		a.Op = HeaderGet
	case "Values":
		a.Op = HeaderValues
	case "Set":
		a.Op = HeaderSet
	case "Add":
		a.Op = HeaderAdd
	case "Del":
		a.Op = HeaderDel
	default:
		return HeaderAccess{}, false
	}
	if (a.Op == HeaderSet || a.Op == HeaderAdd) && len(args) == 2 {
		a.Value = args[1]
	}
	a.Key = args[0]
	if name, ok := HeaderName(info, args[0]); ok {
		a.Name = name
	}
	return a, true
}

// HeaderIndexExpr recognises h[name] on an http.Header (a read unless it is
// the left-hand side of an assignment, which the caller knows).
func HeaderIndexExpr(info *types.Info, ix *ast.IndexExpr) (HeaderAccess, bool) {
	tv, ok := info.Types[ix.X]
	if !ok || !IsNamed(tv.Type, httpPkg, "Header") || isPointer(tv.Type) {
		return HeaderAccess{}, false
	}
	a := HeaderAccess{Op: HeaderIndex, Header: ix.X, Key: ix.Index}
	if name, ok := HeaderName(info, ix.Index); ok {
		a.Name = name
	}
	return a, true
}

// UncanonicalKey reports whether key, the index of a header map, is a
// constant whose spelling is not the canonical form of its name
// (h["authorization"]): net/http stores every name it parses or sets
// with Set, Add and Del canonicalised, and a map index does not
// canonicalise, so the index addresses an entry of its own.
func UncanonicalKey(info *types.Info, key ast.Expr) bool {
	name, ok := ConstString(info, key)
	return ok && name != "" && http.CanonicalHeaderKey(name) != name
}

// HeaderRead recognises a read of a header's value, h.Get(name),
// h.Values(name) or h[name], and returns its access.
func HeaderRead(info *types.Info, e ast.Expr) (HeaderAccess, bool) {
	switch e := ast.Unparen(e).(type) {
	case *ast.CallExpr:
		if a, ok := HeaderCall(info, e); ok && a.Op.IsRead() {
			return a, true
		}
	case *ast.IndexExpr:
		return HeaderIndexExpr(info, e)
	}
	return HeaderAccess{}, false
}

// A Names is a set of header names in canonical form.
type Names map[string]bool

// NewNames returns the set of the canonical forms of names.
func NewNames(names ...string) Names {
	s := make(Names, len(names))
	for _, n := range names {
		s[http.CanonicalHeaderKey(n)] = true
	}
	return s
}

// Has reports whether the header name, in any case, is in s.
func (s Names) Has(name string) bool {
	return name != "" && s[http.CanonicalHeaderKey(name)]
}

// ImportsHTTP reports whether pkg imports net/http directly or through its
// dependencies' export data (any package that can mention an http type).
func ImportsHTTP(pkg *types.Package) bool {
	if v, ok := httpImporters.Load(pkg); ok {
		return v.(bool)
	}
	r := false
	for _, imp := range pkg.Imports() {
		if imp.Path() == httpPkg || ImportsHTTP(imp) {
			r = true
			break
		}
	}
	httpImporters.Store(pkg, r)
	return r
}

// ReachesHTTP reports whether code in pkg can mention an http type: pkg
// is net/http or imports it.
func ReachesHTTP(pkg *types.Package) bool {
	return pkg.Path() == httpPkg || ImportsHTTP(pkg)
}

// httpImporters memoizes ImportsHTTP: every analyzer asks it of every
// package, and the answer of a package follows from its imports'.
var httpImporters sync.Map // *types.Package -> bool

// NoReturn reports whether a call never returns: panic, log.Fatal*,
// log.Panic* (functions and *log.Logger methods), os.Exit, runtime.Goexit.
func NoReturn(info *types.Info, call *ast.CallExpr) bool {
	if id, ok := ast.Unparen(call.Fun).(*ast.Ident); ok {
		if b, ok := info.Uses[id].(*types.Builtin); ok && b.Name() == "panic" {
			return true
		}
	}
	f := Callee(info, call)
	return IsPkgFunc(f, "log", "Fatal", "Fatalf", "Fatalln", "Panic", "Panicf", "Panicln") ||
		IsMethod(f, "log", "Logger", "Fatal", "Fatalf", "Fatalln", "Panic", "Panicf", "Panicln") ||
		IsPkgFunc(f, "os", "Exit") || IsPkgFunc(f, "runtime", "Goexit")
}

// IsRequestValue reports whether t is http.Request or *http.Request: a
// request an SDK builds as a struct and sends by its address.
func IsRequestValue(t types.Type) bool {
	return t != nil && IsNamed(t, httpPkg, "Request")
}

// RequestLit returns the http.Request composite literal that e is or takes
// the address of (http.Request{...}, &http.Request{...}), or nil.
func RequestLit(info *types.Info, e ast.Expr) *ast.CompositeLit {
	e = ast.Unparen(e)
	if u, ok := e.(*ast.UnaryExpr); ok && u.Op == token.AND {
		e = ast.Unparen(u.X)
	}
	lit, ok := e.(*ast.CompositeLit)
	if !ok || !IsRequestValue(info.TypeOf(lit)) {
		return nil
	}
	return lit
}

// LitMethod returns the value of the Method field of a request literal,
// or nil when the literal leaves it empty (which net/http sends as GET).
func LitMethod(lit *ast.CompositeLit) ast.Expr {
	for _, elt := range lit.Elts {
		if kv, ok := elt.(*ast.KeyValueExpr); ok {
			if id, ok := kv.Key.(*ast.Ident); ok && id.Name == "Method" {
				return kv.Value
			}
		}
	}
	return nil
}

// MethodStores returns the values that root assigns to the Method field of
// the request variable v (v.Method = m), a request or a pointer to one, in
// the order they are written.
func MethodStores(info *types.Info, root ast.Node, v *types.Var) []ast.Expr {
	var out []ast.Expr
	ast.Inspect(root, func(n ast.Node) bool {
		as, ok := n.(*ast.AssignStmt)
		if !ok || as.Tok != token.ASSIGN || len(as.Lhs) != len(as.Rhs) {
			return true
		}
		for i, lhs := range as.Lhs {
			sel, ok := ast.Unparen(lhs).(*ast.SelectorExpr)
			if !ok || sel.Sel.Name != "Method" || !IsRequestValue(info.TypeOf(sel.X)) {
				continue
			}
			if id, ok := ast.Unparen(sel.X).(*ast.Ident); ok && info.Uses[id] == types.Object(v) {
				out = append(out, as.Rhs[i])
			}
		}
		return true
	})
	return out
}

// IsStringOrBytes reports whether t is a string or a byte slice type (a
// type whose elements are bytes).
func IsStringOrBytes(t types.Type) bool {
	if t == nil {
		return false
	}
	switch u := t.Underlying().(type) {
	case *types.Basic:
		return u.Info()&types.IsString != 0
	case *types.Slice:
		b, ok := u.Elem().Underlying().(*types.Basic)
		return ok && b.Kind() == types.Byte
	}
	return false
}

// TransportErrorTest recognises errors.As(err, &urlErr) into a
// *url.Error, the error net/http's Client returns for every failure to
// get a response, or into a net.Error, which a *url.Error is, and returns
// the error tested. It is true after a
// transport error, and false when the request was answered (the error is
// then nil, or one a caller made from the answer).
func TransportErrorTest(info *types.Info, call *ast.CallExpr) (ast.Expr, bool) {
	if len(call.Args) != 2 || !IsErrorsAs(Callee(info, call)) {
		return nil, false
	}
	p, ok := info.TypeOf(call.Args[1]).(*types.Pointer)
	if !ok {
		return nil, false
	}
	if q, ok := p.Elem().(*types.Pointer); ok && IsNamed(q.Elem(), "net/url", "Error") {
		return call.Args[0], true
	}
	// A *url.Error is a net.Error (it has Timeout and Temporary): every
	// error http.Client.Do returns fills one.
	if IsNamed(p.Elem(), "net", "Error") {
		return call.Args[0], true
	}
	return nil, false
}

// NotSentTest recognises a test that a send's error is one raised before
// any byte of the request reached a server: errors.Is(err,
// syscall.ECONNREFUSED) (or EHOSTUNREACH, ENETUNREACH), or errors.As(err,
// &dnsErr) into a *net.DNSError. It returns the error tested. After an
// error of unknown outcome (a timeout or a reset once the request may
// have been written) such a test is false.
func NotSentTest(info *types.Info, call *ast.CallExpr) (ast.Expr, bool) {
	f := Callee(info, call)
	if len(call.Args) != 2 {
		return nil, false
	}
	switch {
	case IsPkgFunc(f, "errors", "Is"):
		sel, ok := ast.Unparen(call.Args[1]).(*ast.SelectorExpr)
		if !ok {
			return nil, false
		}
		v, ok := info.Uses[sel.Sel].(*types.Const)
		if !ok || v.Pkg() == nil || v.Pkg().Path() != "syscall" {
			return nil, false
		}
		switch v.Name() {
		case "ECONNREFUSED", "EHOSTUNREACH", "ENETUNREACH":
			return call.Args[0], true
		}
	case IsPkgFunc(f, "errors", "As"):
		t := info.TypeOf(call.Args[1])
		p, ok := t.(*types.Pointer)
		if !ok {
			return nil, false
		}
		if q, ok := p.Elem().(*types.Pointer); ok && IsNamed(q.Elem(), "net", "DNSError") {
			return call.Args[0], true
		}
	}
	return nil, false
}
