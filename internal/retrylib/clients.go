package retrylib

import (
	"go/ast"
	"go/token"
	"go/types"
	"maps"
	"net/http"

	"github.com/retrylint/retrylint/internal/analysisutil"
	"github.com/retrylint/retrylint/internal/httpmodel"
)

// RetryingClient is a go-retryablehttp Client made in the package (by
// NewClient or a Client literal), followed to every location that may hold
// it and to the sends made through it: its own Do, Post and PostForm, and
// the Do, Post and PostForm of the *http.Client its StandardClient()
// returns (client.go:920, whose transport is the retrying client).
type RetryingClient struct {
	// Made is the NewClient() call or the Client literal.
	Made ast.Expr
	// Retries: RetryMax may be above 0: NewClient sets 4 (client.go:51,
	// 446), a literal without the field 0 (one attempt, client.go:761-764);
	// a value that is not a constant counts as retrying.
	Retries bool
	// Policy is what its CheckRetry values retry (DefaultRetryPolicy for
	// NewClient, client.go:447); PolicyAt the CheckRetry value set in the
	// package that retries an unknown outcome, nil for the default;
	// CheckRetries every CheckRetry value set in the package.
	Policy       Policy
	PolicyAt     ast.Expr
	CheckRetries []ast.Expr
	// PrepareRetry: a PrepareRetry hook is set, which sees the request
	// before every retry and can stop it (client.go:798-803).
	PrepareRetry bool
	// Timeout is a non-zero Timeout of its HTTPClient: every attempt is
	// one HTTPClient.Do (client.go:732), so it bounds one attempt.
	// TimeoutAt is where it is set. CtorTimeout: both are the call of
	// another package's constructor, which set the Timeout.
	Timeout     ast.Expr
	TimeoutAt   ast.Node
	CtorTimeout bool
	// Sends are the sends through it.
	Sends []ClientSend
	// Standard are the StandardClient() calls on it; StandardTimeout is a
	// Timeout set on the *http.Client one returns, which bounds the whole
	// RoundTrip, retries and waits included.
	Standard        []*ast.CallExpr
	StandardTimeout bool

	holders, std  map[any]bool
	made, stdMade map[ast.Expr]bool
}

// ClientSend is a send through a retrying client.
type ClientSend struct {
	Call *ast.CallExpr
	Func ast.Node // the function (declaration or literal) that sends
	// Request is the request sent (nil for Post and PostForm, whose
	// method is Method).
	Request ast.Expr
	Method  string
	// Standard: sent through a StandardClient().
	Standard bool
}

// HeldBy reports whether e holds the client c (one of RetryingClients').
func (ix *Values) HeldBy(c *RetryingClient, e ast.Expr) bool {
	return ix.Holds(c.holders, c.made, e)
}

// RetryingClients returns the go-retryablehttp clients made in the
// package, with their configuration.
func (ix *Values) RetryingClients() []*RetryingClient {
	var out []*RetryingClient
	for _, f := range ix.files {
		ast.Inspect(f, func(n ast.Node) bool {
			var made ast.Expr
			switch n := n.(type) {
			case *ast.CallExpr:
				if IsFunc(ix.info, n, RetryableHTTP, "", "NewClient") || ix.ctor(n) != nil {
					made = n
				}
			case *ast.CompositeLit:
				if httpmodel.IsNamed(ix.info.TypeOf(n), RetryableHTTP, "Client") {
					made = n
				}
			}
			if made != nil {
				out = append(out, ix.client(made))
			}
			return true
		})
	}
	return out
}

func (ix *Values) client(made ast.Expr) *RetryingClient {
	c := &RetryingClient{Made: made, made: map[ast.Expr]bool{made: true}}
	c.holders = ix.Holders(c.made)
	lit, _ := made.(*ast.CompositeLit)
	fields := map[string][]ast.Expr{}
	if lit != nil {
		for _, el := range lit.Elts {
			if kv, ok := el.(*ast.KeyValueExpr); ok {
				if id, ok := kv.Key.(*ast.Ident); ok {
					fields[id.Name] = append(fields[id.Name], kv.Value)
				}
			}
		}
	}
	for _, name := range []string{"RetryMax", "CheckRetry", "PrepareRetry", "HTTPClient"} {
		for _, s := range ix.FieldSets(c.holders, c.made, name) {
			fields[name] = append(fields[name], s.Value)
		}
	}
	// A client of another package's constructor starts from what the
	// constructor set; NewClient() from the library's defaults.
	var ctor *ClientCtor
	if call, ok := made.(*ast.CallExpr); ok {
		ctor = ix.ctor(call)
	}
	// RetryMax.
	if vs := fields["RetryMax"]; len(vs) > 0 {
		for _, v := range vs {
			if n, ok := IntValue(ix.info, v); !ok || n > 0 {
				c.Retries = true
			}
		}
	} else if ctor != nil {
		c.Retries = ctor.Retries
	} else {
		c.Retries = lit == nil
	}
	// CheckRetry.
	if vs := fields["CheckRetry"]; len(vs) > 0 {
		c.CheckRetries = vs
		for _, v := range vs {
			p := ix.CheckRetryPolicy(v)
			if p.Unknown() && c.PolicyAt == nil {
				c.PolicyAt = v
			}
			c.Policy.merge(p)
		}
	} else if ctor != nil {
		c.Policy = ctor.Policy
	} else if lit == nil {
		c.Policy = libraryPolicy
	}
	c.PrepareRetry = len(fields["PrepareRetry"]) > 0 || ctor != nil && ctor.PrepareRetry
	// The per-attempt timeout: x.HTTPClient.Timeout = t, or an HTTPClient
	// whose Timeout is set.
	timeoutSet := false
	for _, s := range ix.sets["Timeout"] {
		if sel, ok := ast.Unparen(s.Base).(*ast.SelectorExpr); ok && sel.Sel.Name == "HTTPClient" && ix.Holds(c.holders, c.made, sel.X) {
			timeoutSet = true
			if !isZero(ix.info, s.Value) {
				c.Timeout, c.TimeoutAt = s.Value, s.Value
			}
		}
	}
	if c.Timeout == nil {
		for _, v := range fields["HTTPClient"] {
			if t, at := ix.httpTimeout(v, 0); t != nil {
				c.Timeout, c.TimeoutAt = t, at
			}
		}
	}
	if c.Timeout == nil && ctor != nil && ctor.Timeout && !timeoutSet && len(fields["HTTPClient"]) == 0 {
		// The constructor's HTTPClient with its Timeout: the call that
		// returns the client is where the caller gets it.
		c.Timeout, c.TimeoutAt = made, made
		c.CtorTimeout = true
	}
	// StandardClient() and what holds its result.
	c.stdMade = map[ast.Expr]bool{}
	for _, ca := range ix.calls {
		if IsFunc(ix.info, ca.Call, RetryableHTTP, "Client", "StandardClient") {
			if sel, ok := ast.Unparen(ca.Call.Fun).(*ast.SelectorExpr); ok && ix.Holds(c.holders, c.made, sel.X) {
				c.stdMade[ca.Call] = true
				c.Standard = append(c.Standard, ca.Call)
			}
		}
	}
	if len(c.stdMade) > 0 {
		c.std = ix.Holders(c.stdMade)
		for _, s := range ix.FieldSets(c.std, c.stdMade, "Timeout") {
			if !isZero(ix.info, s.Value) {
				c.StandardTimeout = true
			}
		}
	}
	// The sends.
	for _, ca := range ix.calls {
		call := ca.Call
		sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
		if !ok {
			continue
		}
		fn := httpmodel.Callee(ix.info, call)
		var s ClientSend
		switch {
		case ix.Holds(c.holders, c.made, sel.X) && httpmodel.IsMethod(dispatched(fn, ix.info.TypeOf(made)), RetryableHTTP, "Client", "Do", "Post", "PostForm"):
			fn = dispatched(fn, ix.info.TypeOf(made))
		case len(c.stdMade) > 0 && ix.Holds(c.std, c.stdMade, sel.X) && httpmodel.IsMethod(dispatched(fn, ix.info.TypeOf(c.Standard[0])), "net/http", "Client", "Do", "Post", "PostForm"):
			fn = dispatched(fn, ix.info.TypeOf(c.Standard[0]))
			s.Standard = true
		default:
			continue
		}
		s.Call, s.Func = call, ca.Func
		if fn.Name() == "Do" {
			if len(call.Args) != 1 {
				continue
			}
			s.Request = call.Args[0]
		} else {
			s.Method = http.MethodPost
		}
		c.Sends = append(c.Sends, s)
	}
	return c
}

// dispatched returns the method that a call of fn runs on a receiver
// holding a value of type t: fn itself, or, for a method of an interface
// (a Doer that an SDK sends through, holding the client), the method of
// t with its name and signature.
func dispatched(fn *types.Func, t types.Type) *types.Func {
	if fn == nil || t == nil {
		return fn
	}
	sig, ok := fn.Type().(*types.Signature)
	if !ok || sig.Recv() == nil || !types.IsInterface(sig.Recv().Type()) {
		return fn
	}
	obj, _, _ := types.LookupFieldOrMethod(t, true, fn.Pkg(), fn.Name())
	m, ok := obj.(*types.Func)
	if !ok || !types.Identical(m.Type(), fn.Type()) {
		return fn
	}
	return m
}

// httpTimeout returns the non-zero Timeout of the *http.Client value e
// (an http.Client literal, or a location assigned one or given a
// Timeout), and where it is set.
func (ix *Values) httpTimeout(e ast.Expr, depth int) (ast.Expr, ast.Node) {
	if depth > 3 {
		return nil, nil
	}
	if lit := compositeOf(e); lit != nil && httpmodel.IsNamed(ix.info.TypeOf(lit), "net/http", "Client") {
		for _, el := range lit.Elts {
			if kv, ok := el.(*ast.KeyValueExpr); ok {
				if id, ok := kv.Key.(*ast.Ident); ok && id.Name == "Timeout" && !isZero(ix.info, kv.Value) {
					return kv.Value, kv
				}
			}
		}
		return nil, nil
	}
	// &c of a variable c of type http.Client: c's Timeout.
	if u, ok := ast.Unparen(e).(*ast.UnaryExpr); ok && u.Op == token.AND {
		e = u.X
	}
	loc := ix.locOf(e)
	if loc == nil {
		return nil, nil
	}
	if _, ok := loc.(*types.Var); ok {
		h := map[any]bool{loc: true}
		for _, s := range ix.FieldSets(h, nil, "Timeout") {
			if !isZero(ix.info, s.Value) {
				return s.Value, s.Value
			}
		}
	}
	for _, s := range ix.in[loc] {
		if t, at := ix.httpTimeout(s.Value, depth+1); t != nil {
			return t, at
		}
	}
	return nil, nil
}

// Origin is one place a request sent through a client may be built: At,
// with a constant POST or PATCH (Write) or a method that is not a constant
// (Any: whatever the caller passes); Funcs are the functions its value
// passes through on the way to the send (where a key may be set on it).
type Origin struct {
	Write, Any bool
	At         ast.Node
	Funcs      []ast.Node
}

// RequestOrigins follows the request e, sent in the function fn, back to
// where it is built (in the function, through the helpers of the package
// that build it, and through each caller that hands it in) and returns
// the origins that may be a write.
func (ix *Values) RequestOrigins(e ast.Expr, fn ast.Node) []Origin {
	w := &originWalk{ix: ix, budget: 4000}
	w.walk(e, 0, map[any]bool{}, []ast.Node{fn})
	return w.out
}

type originWalk struct {
	ix     *Values
	budget int
	out    []Origin
}

func (w *originWalk) walk(e ast.Expr, depth int, seen map[any]bool, path []ast.Node) {
	w.budget--
	if depth > 10 || e == nil || w.budget < 0 || len(w.out) > 256 {
		return
	}
	info := w.ix.info
	e = ast.Unparen(e)
	if u, ok := e.(*ast.UnaryExpr); ok {
		e = ast.Unparen(u.X)
	}
	if s, ok := e.(*ast.StarExpr); ok {
		e = ast.Unparen(s.X)
	}
	method := func(arg ast.Expr, at ast.Node) {
		o := Origin{At: at, Funcs: path}
		if mm, ok := httpmodel.ConstString(info, arg); ok {
			o.Write = mm == http.MethodPost || mm == http.MethodPatch
		} else {
			o.Any = true
		}
		if o.Write || o.Any {
			w.out = append(w.out, o)
		}
	}
	switch x := e.(type) {
	case *ast.CallExpr:
		fn := calleeOf(info, x)
		if _, _, ok := httpmodel.NewRequestMethod(info, x); ok {
			method(methodArg(info, x), x)
			return
		}
		switch {
		case IsFunc(info, x, RetryableHTTP, "", "NewRequest") && len(x.Args) == 3:
			method(x.Args[0], x)
			return
		case IsFunc(info, x, RetryableHTTP, "", "NewRequestWithContext") && len(x.Args) == 4:
			method(x.Args[1], x)
			return
		case IsFunc(info, x, RetryableHTTP, "", "FromRequest") && len(x.Args) == 1:
			w.walk(x.Args[0], depth+1, seen, path)
			return
		case IsFunc(info, x, AzcoreRuntime, "", "NewRequestFromRequest") && len(x.Args) == 1:
			w.walk(x.Args[0], depth+1, seen, path)
			return
		case IsFunc(info, x, AzcoreRuntime, "", "NewRequest") && len(x.Args) == 3:
			method(x.Args[1], x)
			return
		case httpmodel.IsMethod(fn, "net/http", "Request", "WithContext", "Clone"), httpmodel.IsMethod(fn, RetryableHTTP, "Request", "WithContext"):
			if sel, ok := ast.Unparen(x.Fun).(*ast.SelectorExpr); ok {
				w.walk(sel.X, depth+1, seen, path)
			}
			return
		}
	case *ast.CompositeLit:
		if httpmodel.IsNamed(info.TypeOf(x), "net/http", "Request") {
			for _, el := range x.Elts {
				if kv, ok := el.(*ast.KeyValueExpr); ok {
					if id, ok := kv.Key.(*ast.Ident); ok && id.Name == "Method" {
						method(kv.Value, x)
					}
				}
			}
		}
		return
	case *ast.SelectorExpr:
		// The *http.Request inside a retryablehttp.Request.
		if s := info.Selections[x]; s != nil && s.Kind() == types.FieldVal && x.Sel.Name == "Request" && httpmodel.IsNamed(info.TypeOf(x.X), RetryableHTTP, "Request") {
			w.walk(x.X, depth+1, seen, path)
			return
		}
	}
	loc := w.ix.locOf(e)
	if loc == nil || seen[loc] {
		return
	}
	seen[loc] = true
	_, isParam := loc.(*types.Var)
	isParam = isParam && loc.(*types.Var).Kind() == types.ParamVar
	if isParam && len(w.ix.in[loc]) == 0 && httpmodel.IsRequest(loc.(*types.Var).Type()) {
		// A request parameter of a function literal that nothing in the
		// package calls: a callback (a middleware, a transport) handed
		// to another package, which gets every request it sends.
		if lit, ok := path[len(path)-1].(*ast.FuncLit); ok && !w.ix.storedLits[lit] && lit.Type.Params != nil && lit.Pos() <= loc.(*types.Var).Pos() && loc.(*types.Var).Pos() < lit.Body.Pos() {
			w.out = append(w.out, Origin{Any: true, At: e, Funcs: path})
		}
		return
	}
	for _, s := range w.ix.in[loc] {
		p, sn := path, seen
		if s.Func != nil && s.Func != path[len(path)-1] {
			// Each caller (or helper) is a path of its own.
			p = append(append([]ast.Node(nil), path...), s.Func)
			if isParam {
				sn = maps.Clone(seen)
			}
		}
		w.walk(s.Value, depth+1, sn, p)
	}
}

// methodArg returns the method argument of http.NewRequest(WithContext).
func methodArg(info *types.Info, call *ast.CallExpr) ast.Expr {
	if httpmodel.IsPkgFunc(httpmodel.Callee(info, call), "net/http", "NewRequestWithContext") {
		if len(call.Args) > 1 {
			return call.Args[1]
		}
		return nil
	}
	if len(call.Args) > 0 {
		return call.Args[0]
	}
	return nil
}

// RestyCondition is a resty v2 retry condition of the package that a
// client with retries may use: Func is its declaration or literal.
type RestyCondition struct {
	Func   ast.Node
	Type   *ast.FuncType
	Body   *ast.BlockStmt
	Policy Policy
}

// RestyConditions returns the retry conditions of the package's resty
// clients when some client retries (SetRetryCount not 0): the functions
// handed to AddRetryCondition, and, when one of those is not a function
// the package names (a closure a helper builds, a conversion of a
// parameter), every function and literal of the package with a
// condition's signature that is used as a value. With conditions, the
// default retry on error is replaced: each attempt is retried when one of
// them returns true (retry.go:124-132).
func (ix *Values) RestyConditions() []RestyCondition {
	info := ix.info
	retrying := false
	var args []ast.Expr
	for _, ca := range ix.calls {
		switch {
		case IsFunc(info, ca.Call, RestyV2, "Client", "SetRetryCount") && len(ca.Call.Args) == 1:
			if n, ok := IntValue(info, ca.Call.Args[0]); !ok || n != 0 {
				retrying = true
			}
		case IsFunc(info, ca.Call, RestyV2, "Client", "AddRetryCondition") || IsFunc(info, ca.Call, RestyV2, "Request", "AddRetryCondition"):
			args = append(args, ca.Call.Args...)
		}
	}
	if !retrying || len(args) == 0 {
		return nil
	}
	var out []RestyCondition
	seen := map[ast.Node]bool{}
	add := func(fn ast.Node, ft *ast.FuncType, body *ast.BlockStmt) {
		if seen[fn] || body == nil {
			return
		}
		seen[fn] = true
		out = append(out, RestyCondition{Func: fn, Type: ft, Body: body, Policy: ix.ConditionPolicy(ft, body)})
	}
	opaque := false
	for _, a := range args {
		switch a := ast.Unparen(a).(type) {
		case *ast.FuncLit:
			add(a, a.Type, a.Body)
			continue
		case *ast.Ident, *ast.SelectorExpr:
			if fn, ok := info.ObjectOf(analysisutil.RefIdent(a)).(*types.Func); ok {
				if fd := ix.decls[fn.Origin()]; fd != nil {
					add(fd, fd.Type, fd.Body)
					continue
				}
			}
		}
		opaque = true
	}
	if !opaque {
		return out
	}
	isCond := func(t types.Type) bool {
		sig, ok := t.(*types.Signature)
		return ok && sig.Params().Len() == 2 && sig.Results().Len() == 1 &&
			httpmodel.IsNamed(sig.Params().At(0).Type(), RestyV2, "Response") &&
			analysisutil.IsError(sig.Params().At(1).Type()) &&
			types.Identical(sig.Results().At(0).Type(), types.Typ[types.Bool])
	}
	for _, f := range ix.files {
		ast.Inspect(f, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.FuncLit:
				if isCond(info.TypeOf(n)) {
					add(n, n.Type, n.Body)
				}
			case *ast.Ident:
				// A function of the package used as a value.
				fn, ok := info.Uses[n].(*types.Func)
				if !ok || !isCond(fn.Type()) {
					return true
				}
				if fd := ix.decls[fn.Origin()]; fd != nil {
					add(fd, fd.Type, fd.Body)
				}
			}
			return true
		})
	}
	return out
}

// Azure SDK azcore: the retry policy of a pipeline.
const (
	AzcoreRuntime  = "github.com/Azure/azure-sdk-for-go/sdk/azcore/runtime"
	azcorePolicy   = "github.com/Azure/azure-sdk-for-go/sdk/azcore/policy"
	azcoreExported = "github.com/Azure/azure-sdk-for-go/sdk/azcore/internal/exported"
)

// Pipeline is an azcore pipeline made in the package by
// runtime.NewPipeline (pipeline.go:85 puts the retry policy in every
// pipeline) with a retry policy that re-sends after a transport error:
// the default RetryOptions retry 3 times (policy_retry.go:24, 28-29) on
// every transport error and on 408, 429, 500, 502, 503 and 504
// (policy_retry.go:46-55, 186-196), whatever the method; MaxRetries below
// 0 means one try (policy_retry.go:30-31), and a ShouldRetry replaces the
// checks (policy_retry.go:186-191).
type Pipeline struct {
	Made *ast.CallExpr
	// Retry is the RetryOptions literal of its ClientOptions, nil when
	// there is none (the defaults).
	Retry *ast.CompositeLit
	Sends []ClientSend
}

// Pipelines returns the pipelines of the package that retry transport
// errors, and the sends through them ((Pipeline).Do).
func (ix *Values) Pipelines() []*Pipeline {
	info := ix.info
	var out []*Pipeline
	for _, ca := range ix.calls {
		call := ca.Call
		if !IsFunc(info, call, AzcoreRuntime, "", "NewPipeline") || len(call.Args) != 4 || !pipelineRetriesErrors(info, call.Args[3]) {
			continue
		}
		p := &Pipeline{Made: call}
		if lit := compositeOf(call.Args[3]); lit != nil {
			for _, el := range lit.Elts {
				if kv, ok := el.(*ast.KeyValueExpr); ok {
					if id, ok := kv.Key.(*ast.Ident); ok && id.Name == "Retry" {
						p.Retry = compositeOf(kv.Value)
					}
				}
			}
		}
		made := map[ast.Expr]bool{call: true}
		h := ix.Holders(made)
		for _, cb := range ix.calls {
			sel, ok := ast.Unparen(cb.Call.Fun).(*ast.SelectorExpr)
			if ok && httpmodel.IsMethod(httpmodel.Callee(info, cb.Call), azcoreExported, "Pipeline", "Do") && len(cb.Call.Args) == 1 && ix.Holds(h, made, sel.X) {
				p.Sends = append(p.Sends, ClientSend{Call: cb.Call, Func: cb.Func, Request: cb.Call.Args[0]})
			}
		}
		out = append(out, p)
	}
	return out
}

// pipelineRetriesErrors reads the *policy.ClientOptions argument of
// NewPipeline: nil, or a literal whose Retry is absent or a RetryOptions
// literal without ShouldRetry and without a negative MaxRetries.
func pipelineRetriesErrors(info *types.Info, e ast.Expr) bool {
	if tv, ok := info.Types[e]; ok && tv.IsNil() {
		return true
	}
	lit := compositeOf(e)
	if lit == nil || !httpmodel.IsNamed(info.TypeOf(lit), azcorePolicy, "ClientOptions") {
		return false
	}
	for _, el := range lit.Elts {
		kv, ok := el.(*ast.KeyValueExpr)
		if !ok {
			return false
		}
		if id, ok := kv.Key.(*ast.Ident); ok && id.Name == "Retry" {
			r := compositeOf(kv.Value)
			if r == nil {
				return false
			}
			for _, f := range r.Elts {
				fkv, ok := f.(*ast.KeyValueExpr)
				if !ok {
					return false
				}
				switch fkv.Key.(*ast.Ident).Name {
				case "ShouldRetry":
					return false
				case "MaxRetries":
					if n, ok := IntValue(info, fkv.Value); !ok || n < 0 {
						return false
					}
				}
			}
		}
	}
	return true
}

// Returned reports whether every return statement of fd returns, as its
// first result, a value that holds the client rc, or nil (func New()
// *Client { c := retryablehttp.NewClient(); c.RetryMax = 8; return c }).
func (ix *Values) Returned(rc *RetryingClient, fd *ast.FuncDecl) bool {
	if fd.Body == nil {
		return false
	}
	n := 0
	ok := true
	eachReturn(fd, func(r ast.Expr) {
		n++
		if r == nil || !ix.Holds(rc.holders, rc.made, r) {
			ok = false
		}
	})
	return ok && n > 0
}

// ctor returns the summary of the go-retryablehttp client that call
// returns when it calls another package's constructor, or nil.
func (ix *Values) ctor(call *ast.CallExpr) *ClientCtor {
	if ix.Ctors == nil {
		return nil
	}
	if c := ix.Ctors(call); c != nil && c.Path == RetryableHTTP {
		return c
	}
	return nil
}
