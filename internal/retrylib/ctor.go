package retrylib

import (
	"go/ast"
	"go/constant"
	"go/types"
	"net/http"
	"reflect"

	"github.com/retrylint/retrylint/internal/httpmodel"
)

// ClientCtor is what a constructor (an exported function of a package
// that returns a retry library's client it configured: httpc.New(cfg) of
// an SDK or a service) gives the package that calls it: the summary of
// the client's configuration, which the readers of this package start
// from at a call of the constructor, as they start from the library's
// defaults at a call of NewClient() or resty.New(), and then apply what
// the caller sets on the client. It is the value of a fact (see
// internal/retryloop), so it holds no syntax.
type ClientCtor struct {
	// Path is the client's library: RetryableHTTP, RestyV2 or RestyV3.
	Path string

	// Of go-retryablehttp (see RetryingClient):
	//
	// Retries: RetryMax may be above 0. Policy: what its CheckRetry
	// retries. PrepareRetry: a PrepareRetry hook is set. Timeout: its
	// HTTPClient has a Timeout that is not 0 (one attempt's).
	Retries      bool
	Policy       Policy
	PrepareRetry bool
	Timeout      bool

	// Of resty (see RestyConfig):
	//
	// RetryCount is the constant SetRetryCount (-1: not a constant).
	// TimeoutNanos is the constant SetTimeout of the client (-1: not a
	// constant, 0: none).
	RetryCount                                                int64
	RetryConditions, AllowNonIdempotent, DefaultConditionsOff bool
	TimeoutNanos                                              int64
	// Debug: SetDebug(true) (a flag it is handed is not followed);
	// Curl: the debug log holds a curl command; RequestLog: a hook edits
	// the logged headers.
	Debug, Curl, RequestLog bool
	// AuthHeader is the header SetAuthToken writes; Creds the headers
	// the constructor sets that may carry credentials (every constant
	// header name it sets: the analyzers pick theirs), Token those set by
	// SetAuthToken.
	AuthHeader string
	Creds      []CtorCred
}

// CtorCred is a header set on a client by its constructor.
type CtorCred struct {
	Header string
	Token  bool
}

// Ctors returns the summary of the client that call returns when it calls
// a constructor of another package (by its fact), or nil.
type Ctors func(call *ast.CallExpr) *ClientCtor

// CtorFunc is a constructor of the package and what it returns.
type CtorFunc struct {
	Func *types.Func
	Ctor ClientCtor
}

// ClientCtors returns the exported functions of the package whose first
// result is a go-retryablehttp or resty client, and whose every return
// statement gives the same client (a nil result aside; for resty, a
// client read with the same summary at each), with the summary of its
// configuration: a client made by the library's constructor, or by
// another package's constructor (ctors, which may be nil), configured
// in the function or by what it calls of the package.
func ClientCtors(info *types.Info, files []*ast.File, ctors Ctors) []CtorFunc {
	var retryable, resty []*ast.FuncDecl
	for _, f := range files {
		for _, d := range f.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || fd.Body == nil || !fd.Name.IsExported() || fd.Type.Results == nil {
				continue
			}
			fn, _ := info.Defs[fd.Name].(*types.Func)
			if fn == nil {
				continue
			}
			res := fn.Type().(*types.Signature).Results()
			if res.Len() == 0 {
				continue
			}
			switch t := res.At(0).Type(); {
			case httpmodel.IsNamed(t, RetryableHTTP, "Client"):
				retryable = append(retryable, fd)
			case httpmodel.IsNamed(t, RestyV2, "Client"), httpmodel.IsNamed(t, RestyV3, "Client"):
				resty = append(resty, fd)
			}
		}
	}
	var out []CtorFunc
	if len(retryable) > 0 {
		ix := NewValues(info, files)
		ix.Ctors = ctors
		clients := ix.RetryingClients()
		for _, fd := range retryable {
			for _, rc := range clients {
				if ix.Returned(rc, fd) {
					out = append(out, CtorFunc{info.Defs[fd.Name].(*types.Func), ClientCtor{
						Path: RetryableHTTP, Retries: rc.Retries, Policy: rc.Policy, PrepareRetry: rc.PrepareRetry, Timeout: rc.Timeout != nil,
					}})
					break
				}
			}
		}
	}
	all := func(string) bool { return true }
	for _, fd := range resty {
		s := Scope{Info: info, Body: fd.Body, Files: files, Ctors: ctors}
		var sum *ClientCtor
		ok := true
		eachReturn(fd, func(r ast.Expr) {
			if !ok {
				return
			}
			if r == nil {
				ok = false
				return
			}
			c, known := Resty(s, r, all).summary(info)
			if !known || sum != nil && !reflect.DeepEqual(*sum, c) {
				ok = false
				return
			}
			sum = &c
		})
		if ok && sum != nil {
			out = append(out, CtorFunc{info.Defs[fd.Name].(*types.Func), *sum})
		}
	}
	return out
}

// eachReturn calls f with the first result of every return statement of
// fd (not of its function literals) but a nil one, and with nil for a
// return without results.
func eachReturn(fd *ast.FuncDecl, f func(ast.Expr)) {
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		switch r := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.ReturnStmt:
			if len(r.Results) == 0 {
				f(nil)
			} else if id, ok := ast.Unparen(r.Results[0]).(*ast.Ident); !ok || id.Name != "nil" {
				f(r.Results[0])
			}
		}
		return true
	})
}

// summary returns what of c a constructor's fact carries.
func (c RestyConfig) summary(info *types.Info) (ClientCtor, bool) {
	if !c.Known {
		return ClientCtor{}, false
	}
	s := ClientCtor{
		Path:                 c.Path,
		RetryCount:           c.RetryCount,
		RetryConditions:      c.RetryConditions,
		AllowNonIdempotent:   c.AllowNonIdempotent,
		DefaultConditionsOff: c.DefaultConditionsOff,
		TimeoutNanos:         c.CtorTimeout,
		// Only a debug log switched on for certain: a constructor that
		// passes its caller's flag on (SetDebug(cfg.Debug)) would make
		// every caller that sets a credential look like one that logs.
		Debug:      c.Debug != nil && len(c.Debug.Args) == 1 && isBool(info, c.Debug.Args[0], true) || c.CtorDebug,
		Curl:       c.Curl != nil || c.CtorCurl,
		RequestLog: c.RequestLog,
		AuthHeader: c.AuthHeader,
	}
	if c.Timeout != nil {
		s.TimeoutNanos = -1
		if n, ok := IntValue(info, c.Timeout.Args[0]); ok {
			s.TimeoutNanos = n
		}
	}
	if c.Ctor != nil {
		s.Creds = append(s.Creds, c.Ctor.Creds...)
	}
	for _, cr := range c.Creds {
		s.Creds = append(s.Creds, CtorCred{Header: cr.Header, Token: cr.Token})
	}
	return s, true
}

// restyCtor returns the summary of the resty client that root, a call of
// another package's constructor, returns, or nil.
func (s Scope) restyCtor(root ast.Expr) *ClientCtor {
	call, ok := root.(*ast.CallExpr)
	if !ok || s.Ctors == nil {
		return nil
	}
	if c := s.Ctors(call); c != nil && IsResty(c.Path) {
		return c
	}
	return nil
}

// canonicalAuth returns the header SetAuthToken writes for a client whose
// constructor named it, Authorization otherwise.
func canonicalAuth(c *ClientCtor) string {
	if c == nil || c.AuthHeader == "" {
		return "Authorization"
	}
	return http.CanonicalHeaderKey(c.AuthHeader)
}

// isBool reports whether e is the boolean constant b.
func isBool(info *types.Info, e ast.Expr, b bool) bool {
	tv, ok := info.Types[e]
	return ok && tv.Value != nil && tv.Value.Kind() == constant.Bool && constant.BoolVal(tv.Value) == b
}

// CtorName names the constructor that call calls, as a message names it
// (pkg.New, pkg.Factory.Client), or "" when it has no name.
func CtorName(info *types.Info, call *ast.CallExpr) string {
	fn := httpmodel.Callee(info, call)
	if fn == nil || fn.Pkg() == nil {
		return ""
	}
	if recv := fn.Signature().Recv(); recv != nil {
		t := recv.Type()
		if p, ok := t.(*types.Pointer); ok {
			t = p.Elem()
		}
		if n, ok := types.Unalias(t).(*types.Named); ok {
			return fn.Pkg().Name() + "." + n.Obj().Name() + "." + fn.Name()
		}
	}
	return fn.Pkg().Name() + "." + fn.Name()
}
