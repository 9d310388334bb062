package retrylib

import (
	"go/ast"
	"go/token"
	"go/types"
	"net/http"
	"slices"
	"strings"

	"github.com/retrylint/retrylint/internal/analysisutil"
	"github.com/retrylint/retrylint/internal/flow"
	"github.com/retrylint/retrylint/internal/httpmodel"
)

// BackOffConfig is what a cenkalti/backoff v4 BackOff value does.
type BackOffConfig struct {
	Known bool
	// NeverStops: nothing bounds the retry by time or count: an
	// ExponentialBackOff with MaxElapsedTime 0 (exponential.go:59-61,
	// 176), a ConstantBackOff or ZeroBackOff, not wrapped by WithMaxRetries.
	NeverStops bool
	// Context: wrapped by backoff.WithContext (context.go:23), so the
	// wait selects on that context (retry.go:111-115).
	Context bool
	// Zero is the constant 0 that sets MaxElapsedTime (a field assignment,
	// a literal field or the WithMaxElapsedTime argument); Lit is an
	// ExponentialBackOff literal without the field. One of them is set
	// when the exponential back-off never stops.
	Zero ast.Expr
	Lit  *ast.CompositeLit
	// ZeroInCall: Zero is the argument of WithMaxElapsedTime.
	ZeroInCall bool
}

// isBackoff reports whether call calls one of the functions names of
// cenkalti/backoff v4 or of its module-less v1 path.
func isBackoff(info *types.Info, call *ast.CallExpr, names ...string) bool {
	return isFuncOf(info, call, IsBackoffClassic, names...)
}

// BackOffV4 reads the back-off e of a v4 (or v1) Retry call.
func BackOffV4(s Scope, e ast.Expr) BackOffConfig {
	var c BackOffConfig
	var countBound bool
	for depth := 0; depth < 4; depth++ {
		call, ok := ast.Unparen(e).(*ast.CallExpr)
		if ok && isBackoff(s.Info, call, "WithContext") && len(call.Args) == 2 {
			c.Context = true
			e = call.Args[0]
			continue
		}
		if ok && isBackoff(s.Info, call, "WithMaxRetries", "WithMaxTries") && len(call.Args) == 2 {
			countBound = true
			e = call.Args[0]
			continue
		}
		break
	}
	t := TraceValue(s, e)
	if !t.Known || len(t.Roots) != 1 {
		return c
	}
	root := t.Roots[0]
	if call, ok := root.(*ast.CallExpr); ok {
		switch {
		case isBackoff(s.Info, call, "WithContext"), isBackoff(s.Info, call, "WithMaxRetries", "WithMaxTries"):
			// A wrapper reached through a variable.
			return BackOffV4(t.In(s, call), call)
		case isBackoff(s.Info, call, "NewExponentialBackOff"):
			c.Known = true
			for _, opt := range call.Args {
				if oc, ok := ast.Unparen(opt).(*ast.CallExpr); ok && isBackoff(s.Info, oc, "WithMaxElapsedTime") && len(oc.Args) == 1 {
					c.Zero, c.ZeroInCall = nil, false
					if isZero(s.Info, oc.Args[0]) {
						c.Zero, c.ZeroInCall = oc.Args[0], true
					}
				}
			}
		case isBackoff(s.Info, call, "NewConstantBackOff"):
			c.Known = true
			c.NeverStops = !countBound
			return c
		default:
			return c
		}
	} else if lit := compositeOf(root); lit != nil {
		switch {
		case isNamedOf(s.Info.TypeOf(lit), IsBackoffClassic, "ExponentialBackOff"):
			c.Known = true
			if v := last(t.Fields["MaxElapsedTime"]); v == nil {
				c.Lit = lit
			} else if isZero(s.Info, v) {
				c.Zero = v
			}
		case isNamedOf(s.Info.TypeOf(lit), IsBackoffClassic, "ConstantBackOff"), isNamedOf(s.Info.TypeOf(lit), IsBackoffClassic, "ZeroBackOff"):
			c.Known = true
			c.NeverStops = !countBound
			return c
		default:
			return c
		}
	} else {
		return c
	}
	// A later assignment decides.
	if v := last(t.Fields["MaxElapsedTime"]); v != nil && compositeOf(root) == nil {
		c.Zero, c.ZeroInCall = nil, false
		if isZero(s.Info, v) {
			c.Zero = v
		}
	}
	c.NeverStops = !countBound && (c.Zero != nil || c.Lit != nil)
	if !c.NeverStops {
		c.Zero, c.Lit = nil, nil
	}
	return c
}

// RetryGoConfig is what the options of a retry-go Do call say.
type RetryGoConfig struct {
	// Forever is the Attempts(0) or UntilSucceeded() option: retry until
	// success (options.go:54-66, retry.go:140-168). The default is 10
	// attempts (retry.go:227).
	Forever *ast.CallExpr
	// Context is the argument of retry.Context: the waits select on it
	// (retry.go:160-162, 206-208); without it they wait on
	// context.Background() (retry.go:235).
	Context ast.Expr
	// RetryIf: a custom retry condition (options.go:238); RetryIfFunc
	// is the condition the last RetryIf option sets (options apply in
	// order, retry.go:222-224), for the analyzers to judge.
	RetryIf     bool
	RetryIfFunc ast.Expr
	// None is v3's Attempts(0): no attempt, and no wait.
	None bool
}

// RetryGoOptions reads the options of a retry-go call.
func RetryGoOptions(info *types.Info, opts []ast.Expr) RetryGoConfig {
	var c RetryGoConfig
	for _, o := range opts {
		call, ok := ast.Unparen(o).(*ast.CallExpr)
		if !ok {
			continue
		}
		switch {
		case isFuncOf(info, call, IsRetryGo, "Attempts") && len(call.Args) == 1:
			// v3's Attempts(0) makes no attempt at all (retry.go:125).
			c.Forever, c.None = nil, false
			if isZero(info, call.Args[0]) {
				if IsFunc(info, call, RetryGo, "", "Attempts") {
					c.Forever = call
				} else {
					c.None = true
				}
			}
		case IsFunc(info, call, RetryGo, "", "UntilSucceeded"):
			c.Forever = call
		case isFuncOf(info, call, IsRetryGo, "Context") && len(call.Args) == 1:
			c.Context = call.Args[0]
		case isFuncOf(info, call, IsRetryGo, "RetryIf"):
			c.RetryIf = true
			c.RetryIfFunc = nil
			if len(call.Args) == 1 {
				c.RetryIfFunc = call.Args[0]
			}
		}
	}
	return c
}

// BackoffV5Config is what the options of a v5 Retry call say.
type BackoffV5Config struct {
	// Zero is the 0 of WithMaxElapsedTime(0): no time bound (retry.go:58,
	// 120); the default is 15 minutes (retry.go:10, 73).
	Zero ast.Expr
	// MaxTries: WithMaxTries bounds the count (retry.go:51, 92).
	MaxTries bool
}

// isBackoffCtx reports whether call calls the function name of
// cenkalti/backoff v5, v6 or v7.
func isBackoffCtx(info *types.Info, call *ast.CallExpr, name string) bool {
	return isFuncOf(info, call, IsBackoffCtx, name)
}

// BackoffV5Options reads the options of a Retry call of v5 (v6, v7).
func BackoffV5Options(info *types.Info, opts []ast.Expr) BackoffV5Config {
	var c BackoffV5Config
	for _, o := range opts {
		call, ok := ast.Unparen(o).(*ast.CallExpr)
		if !ok {
			continue
		}
		switch {
		case isBackoffCtx(info, call, "WithMaxElapsedTime") && len(call.Args) == 1:
			c.Zero = nil
			if isZero(info, call.Args[0]) {
				c.Zero = call.Args[0]
			}
		case isBackoffCtx(info, call, "WithMaxTries"):
			c.MaxTries = true
		}
	}
	return c
}

// GoRetryConfig is what a sethvargo/go-retry Backoff value does.
type GoRetryConfig struct {
	Known bool
	// NeverStops: made by NewConstant, NewExponential or NewFibonacci
	// (their Next never stops: backoff_constant.go:22-24,
	// backoff_exponential.go:39-50, backoff_fibonacci.go:41-54), through
	// WithCappedDuration (a cap on each wait, not on the total,
	// backoff.go:139-155) and the jitters, and not WithMaxRetries or
	// WithMaxDuration (backoff.go:117-137, 160-179).
	NeverStops bool
}

// GoRetryBackoff reads the Backoff e of a go-retry Do call.
func GoRetryBackoff(s Scope, e ast.Expr) GoRetryConfig {
	c := GoRetryConfig{Known: true, NeverStops: true}
	var walk func(s Scope, e ast.Expr, depth int)
	walk = func(s Scope, e ast.Expr, depth int) {
		if !c.Known || !c.NeverStops {
			return
		}
		if depth > 6 {
			c.Known = false
			return
		}
		call, ok := ast.Unparen(e).(*ast.CallExpr)
		switch {
		case ok && IsFunc(s.Info, call, GoRetry, "", "WithMaxRetries", "WithMaxDuration"):
			c.NeverStops = false
		case ok && IsFunc(s.Info, call, GoRetry, "", "WithCappedDuration", "WithJitter", "WithJitterPercent") && len(call.Args) == 2:
			walk(s, call.Args[1], depth+1)
		case ok && IsFunc(s.Info, call, GoRetry, "", "WithFullJitter") && len(call.Args) == 1:
			walk(s, call.Args[0], depth+1)
		case ok && IsFunc(s.Info, call, GoRetry, "", "NewConstant", "NewExponential", "NewFibonacci"):
		default:
			if varOf(s.Info, e) == nil {
				c.Known = false
				return
			}
			t := TraceValue(s, e)
			if !t.Known || len(t.Roots) == 0 {
				c.Known = false
				return
			}
			for _, r := range t.Roots {
				walk(t.In(s, r), r, depth+1)
			}
		}
	}
	walk(s, e, 0)
	return c
}

// ClientConfig is what a go-retryablehttp Client does.
type ClientConfig struct {
	Known bool
	// Retries: RetryMax is above 0 (NewClient sets 4, client.go:51, 446;
	// a Client literal without the field has 0, client.go:761-764).
	Retries bool
	// DefaultPolicy: CheckRetry is DefaultRetryPolicy or
	// ErrorPropagatedRetryPolicy, which retry transport errors and
	// 500-range statuses except 501 for every method (client.go:495-545).
	DefaultPolicy bool
}

// RetryableClient reads the client e that Do, Post, ... is called on.
func RetryableClient(s Scope, e ast.Expr) ClientConfig {
	var c ClientConfig
	t := TraceValue(s, e)
	if !t.Known || len(t.Roots) != 1 {
		return c
	}
	root := t.Roots[0]
	retryMax := int64(0)
	policy := ast.Expr(nil)
	if call, ok := root.(*ast.CallExpr); ok && IsFunc(s.Info, call, RetryableHTTP, "", "NewClient") {
		c.Known = true
		retryMax = 4
		c.DefaultPolicy = true
	} else if lit := compositeOf(root); lit != nil && httpmodel.IsNamed(s.Info.TypeOf(lit), RetryableHTTP, "Client") {
		c.Known = true
	} else {
		return c
	}
	if v := last(t.Fields["RetryMax"]); v != nil {
		n, ok := IntValue(s.Info, v)
		if !ok {
			n = 1 // not a constant: retries, as the field is set at all
		}
		retryMax = n
	}
	if v := last(t.Fields["CheckRetry"]); v != nil {
		policy = v
		c.DefaultPolicy = false
		if id := analysisutil.RefIdent(ast.Unparen(policy)); id != nil {
			if fn, ok := s.Info.ObjectOf(id).(*types.Func); ok && fn.Pkg() != nil && fn.Pkg().Path() == RetryableHTTP &&
				(fn.Name() == "DefaultRetryPolicy" || fn.Name() == "ErrorPropagatedRetryPolicy") {
				c.DefaultPolicy = true
			}
		}
	}
	c.Retries = retryMax > 0
	return c
}

// Cred is a credential set on a resty client or request.
type Cred struct {
	Call   *ast.CallExpr
	Header string // canonical header name
	// Token: set by SetAuthToken, in the client's authorization header
	// (RestyConfig.AuthHeader; v3 middleware.go:293-295). SetBasicAuth
	// always writes Authorization (middleware.go:287-290).
	Token bool
}

// RestyConfig is what a resty client (v2 or v3, and the request chain that
// uses it) configures.
type RestyConfig struct {
	Known bool
	// Path is the import path of the resty version.
	Path string
	// RetryCount is the last constant SetRetryCount (client.go:708);
	// retries are off at 0 (request.go:1047-1053). -1: not a constant.
	RetryCount int64
	// RetryConditions: AddRetryCondition on the client or request replaces
	// the default "retry on error" (retry.go:124-133).
	RetryConditions bool
	// Debug is the SetDebug call on the client (client.go:584) with an
	// argument that is not the constant false; its
	// log holds every request header unmasked (middleware.go:326-358,
	// util.go:318-324).
	Debug *ast.CallExpr
	// Creds are the credentials: SetAuthToken, SetBasicAuth
	// (middleware.go:288-309), SetHeader of a credential header.
	Creds []Cred
	// RequestLog: OnRequestLog is set, the library's hook to edit the
	// logged headers before they are written (middleware.go:340-345).
	RequestLog bool
	// RetryAfter is the SetRetryAfter callback (client.go:733), MaxWait
	// the SetRetryMaxWaitTime argument (client.go:726; default 2s,
	// retry.go:19).
	RetryAfter []*ast.CallExpr
	MaxWait    ast.Expr
	// Curl is the EnableGenerateCurlOnDebug call, unless a later
	// DisableGenerateCurlOnDebug undoes it: the debug log then holds a curl
	// command with every header (middleware.go:315-323, 349-352,
	// util_curl.go:15-23), which OnRequestLog does not edit.
	Curl *ast.CallExpr
	// Client is the client expression at the root of the chain.
	Client ast.Expr

	// Of resty v3 only:
	//
	// AllowNonIdempotent: SetRetryAllowNonIdempotent with an argument that
	// is not the constant false, on the client or the request
	// (client.go:1483, request.go:1195); without it POST and PATCH are
	// sent once (request.go:1488-1490, 1534, 1895-1908).
	AllowNonIdempotent bool
	// DefaultConditionsOff: SetRetryDefaultConditions(false)
	// (client.go:1460, request.go:1182); the default condition is the one
	// that retries a transport error (request.go:1542-1544).
	DefaultConditionsOff bool
	// AuthHeader is the header SetAuthToken writes: Authorization unless
	// SetHeaderAuthorizationKey names another (v3 client.go:78, 640,
	// resty.go:175, middleware.go:293-295).
	AuthHeader string

	// Context is the SetContext call of the request chain: the attempts
	// and the waits select on that context (v2 retry.go:116-119, 165-169;
	// v3 request.go:1583-1590); without it, on context.Background().
	Context *ast.CallExpr

	// Timeout is the SetTimeout call in force, with an argument that is
	// not the constant 0: a timeout of each attempt, not of the call. v2's
	// is the http.Client's Timeout (client.go:662-665), and every attempt
	// is one http.Client.Do (client.go:1251, inside the retry loop,
	// request.go:1053, retry.go:114); v3's, on the client or the request
	// (the request's wins), is a context.WithTimeout made for each attempt
	// (client.go:1304, request.go:1049, 1910-1920, client.go:2490), and
	// none at all when the request's context has a deadline
	// (request.go:1911-1912).
	Timeout *ast.CallExpr

	// Ctor is the summary of the client that another package's
	// constructor returned, when the chain starts at a call of one (see
	// ClientCtor): the fields above start from it, and hold what the
	// caller sets after; the syntax of the constructor's own settings
	// (Debug, Creds, ...) is not the caller's and is only in Ctor.
	Ctor *ClientCtor
	// CtorTimeout is the constructor's SetTimeout in force, when the
	// caller sets none: its constant value in nanoseconds, -1 when it is
	// not a constant, 0 when there is none.
	CtorTimeout int64
	// CtorDebug and CtorCurl: the constructor's debug log (its curl
	// command) is in force, the caller having called no SetDebug (no
	// switch of the curl command) on the client.
	CtorDebug, CtorCurl bool
}

// HasTimeout reports whether a SetTimeout bounds each attempt: the
// caller's (Timeout) or the constructor's (CtorTimeout).
func (c RestyConfig) HasTimeout() bool { return c.Timeout != nil || c.CtorTimeout != 0 }

// Retries reports whether a request sent with method (a constant, or ""
// when it is not one) through c is retried after a transport error: a
// retry count not 0 and, in v2, no condition replacing the default one
// (retry.go:124-133); in v3 the default conditions come first and stay
// (request.go:1541-1555) unless switched off, and a method that is not
// idempotent needs SetRetryAllowNonIdempotent.
func (c RestyConfig) Retries(method string) bool {
	if !c.RetriesMethod(method) {
		return false
	}
	if c.Path == RestyV2 {
		return !c.RetryConditions
	}
	return !c.DefaultConditionsOff
}

// RetriesMethod reports whether a request sent with method through c may
// be retried at all, on whatever condition: a retry count not 0 and, in
// v3, an idempotent method or SetRetryAllowNonIdempotent.
func (c RestyConfig) RetriesMethod(method string) bool {
	if !c.Known || c.RetryCount == 0 {
		return false
	}
	if c.Path == RestyV2 {
		return true
	}
	switch method {
	case "GET", "HEAD", "OPTIONS", "PUT", "DELETE", "TRACE", "QUERY":
		return true
	}
	return c.AllowNonIdempotent
}

// Redacted reports whether resty writes the header to its debug log and
// curl command masked: never in v2 (util.go:318-324); in v3 a header whose
// name holds authorization, auth, token, api-key or secret
// (util.go:283-307, debug.go:195, curl.go:30-32).
func (c RestyConfig) Redacted(header string) bool {
	if c.Path != RestyV3 {
		return false
	}
	h := strings.ToLower(header)
	for _, t := range []string{"authorization", "auth", "token", "api-key", "secret"} {
		if strings.Contains(h, t) {
			return true
		}
	}
	return false
}

// Resty reads a resty client or request e. credHeaders are the header
// names that carry credentials (canonical).
func Resty(s Scope, e ast.Expr, credHeaders func(string) bool) RestyConfig {
	c := RestyConfig{RetryCount: 0}
	t := TraceValue(s, e)
	if !t.Known || len(t.Roots) == 0 {
		return c
	}
	// Every value the client may hold is a new resty client (a
	// constructor may pick resty.New or resty.NewWithClient), or the one
	// value is a client another package's constructor configured.
	var ctor *ClientCtor
	if len(t.Roots) == 1 {
		ctor = s.restyCtor(t.Roots[0])
	}
	for _, root := range t.Roots {
		if ctor != nil {
			c.Path = ctor.Path
			break
		}
		call, ok := root.(*ast.CallExpr)
		if !ok {
			return c // a client of unknown origin (a struct literal: &Client{})
		}
		fn := httpmodel.Callee(s.Info, call)
		if fn == nil || fn.Pkg() == nil || !IsResty(fn.Pkg().Path()) || !slices.Contains(restyConstructors, fn.Name()) || recvName(fn) != "" {
			return c
		}
		if c.Path != "" && c.Path != fn.Pkg().Path() {
			return c
		}
		c.Path = fn.Pkg().Path()
	}
	c.Known = true
	c.Client = t.Roots[0]
	c.AuthHeader = canonicalAuth(ctor)
	if ctor != nil {
		c.Ctor = ctor
		c.RetryCount = ctor.RetryCount
		c.RetryConditions = ctor.RetryConditions
		c.RequestLog = ctor.RequestLog
	}
	var retry ast.Expr
	var curlAt, curlGen *ast.CallExpr
	debugSet := false
	var allow, defaults ast.Expr
	var clientTimeout, reqTimeout *ast.CallExpr
	isFalse := func(e ast.Expr) bool { return isBool(s.Info, e, false) }
	for _, call := range t.Calls {
		fn := httpmodel.Callee(s.Info, call)
		if fn == nil || fn.Pkg() == nil || fn.Pkg().Path() != c.Path {
			continue
		}
		switch fn.Name() {
		case "SetRetryCount":
			if len(call.Args) == 1 && (retry == nil || call.Pos() > retry.Pos()) {
				retry = call.Args[0]
			}
		case "AddRetryCondition", "AddRetryAfterErrorCondition", "AddRetryConditions", "SetRetryConditions":
			c.RetryConditions = true
		case "SetRetryAllowNonIdempotent":
			if len(call.Args) == 1 && (allow == nil || call.Pos() > allow.Pos()) {
				allow = call.Args[0]
			}
		case "SetRetryDefaultConditions":
			if len(call.Args) == 1 && (defaults == nil || call.Pos() > defaults.Pos()) {
				defaults = call.Args[0]
			}
		case "SetHeaderAuthorizationKey":
			if len(call.Args) == 1 {
				if name, ok := httpmodel.ConstString(s.Info, call.Args[0]); ok {
					c.AuthHeader = http.CanonicalHeaderKey(name)
				}
			}
		case "SetContext":
			if recvName(fn) == "Request" {
				c.Context = call
			}
		case "SetTimeout":
			if len(call.Args) != 1 {
				break
			}
			if recvName(fn) == "Request" {
				if reqTimeout == nil || call.Pos() > reqTimeout.Pos() {
					reqTimeout = call
				}
			} else if clientTimeout == nil || call.Pos() > clientTimeout.Pos() {
				clientTimeout = call
			}
		case "SetCurlCmdGenerate", "SetCurlCmdDebugLog":
			// v3 logs the curl command when both are on (debug.go:199-201).
			if len(call.Args) != 1 {
				break
			}
			at := &curlAt
			if fn.Name() == "SetCurlCmdGenerate" {
				at = &curlGen
			}
			if *at == nil || call.Pos() > (*at).Pos() {
				*at = call
			}
		case "SetDebug":
			// A flag that is not the constant false may switch it on.
			if recvName(fn) == "Client" && len(call.Args) == 1 {
				debugSet = true
				if _, typed := s.Info.Types[call.Args[0]]; typed && !isFalse(call.Args[0]) {
					c.Debug = call
				}
			}
		case "SetAuthToken", "SetBasicAuth", "SetDigestAuth":
			c.Creds = append(c.Creds, Cred{Call: call, Header: "Authorization", Token: fn.Name() == "SetAuthToken"})
		case "SetHeader", "SetHeaderVerbatim":
			if len(call.Args) == 2 {
				if name, ok := httpmodel.ConstString(s.Info, call.Args[0]); ok && credHeaders(http.CanonicalHeaderKey(name)) {
					c.Creds = append(c.Creds, Cred{Call: call, Header: http.CanonicalHeaderKey(name)})
				}
			}
		case "OnRequestLog", "OnDebugLog":
			// v2's hook edits the logged headers (middleware.go:340-345),
			// v3's the whole DebugLog before it is written (debug.go:157-160).
			c.RequestLog = true
		case "EnableGenerateCurlOnDebug", "DisableGenerateCurlOnDebug":
			if recvName(fn) == "Client" && (curlAt == nil || call.Pos() > curlAt.Pos()) {
				curlAt = call
			}
		case "SetRetryAfter":
			c.RetryAfter = append(c.RetryAfter, call)
		case "SetRetryMaxWaitTime":
			if len(call.Args) == 1 {
				c.MaxWait = call.Args[0]
			}
		}
	}
	switch c.Path {
	case RestyV2:
		if curlAt != nil && httpmodel.Callee(s.Info, curlAt).Name() == "EnableGenerateCurlOnDebug" {
			c.Curl = curlAt
		}
	case RestyV3:
		if curlAt != nil && curlGen != nil && !isFalse(curlAt.Args[0]) && !isFalse(curlGen.Args[0]) {
			c.Curl = curlAt
		}
	}
	if reqTimeout != nil {
		clientTimeout = reqTimeout
	}
	if ctor != nil && clientTimeout == nil {
		c.CtorTimeout = ctor.TimeoutNanos
	}
	if ctor != nil {
		c.CtorDebug = ctor.Debug && !debugSet
		c.CtorCurl = ctor.Curl && curlAt == nil && curlGen == nil
	}
	if clientTimeout != nil {
		if n, ok := IntValue(s.Info, clientTimeout.Args[0]); !ok || n > 0 {
			c.Timeout = clientTimeout
		}
	}
	c.AllowNonIdempotent = allow != nil && !isFalse(allow) || allow == nil && ctor != nil && ctor.AllowNonIdempotent
	c.DefaultConditionsOff = defaults != nil && isFalse(defaults) || defaults == nil && ctor != nil && ctor.DefaultConditionsOff
	for i := range c.Creds {
		if c.Creds[i].Token {
			c.Creds[i].Header = c.AuthHeader
		}
	}
	if retry != nil {
		n, ok := IntValue(s.Info, retry)
		if !ok {
			n = -1
		}
		c.RetryCount = n
	}
	return c
}

// restyConstructors are the functions that make a client: v2 resty.go:
// New, NewWithClient; v3 resty.go:26-56.
var restyConstructors = []string{"New", "NewWithClient", "NewWithTransportSettings", "NewWithDialer", "NewWithLocalAddr", "NewWithDialerAndTransportSettings"}

// KeyHeaderOnChain reports whether a SetHeader call of the chain or
// variable e sets one of the headers that has reports true for.
func KeyHeaderOnChain(s Scope, e ast.Expr, has func(string) bool) bool {
	t := TraceValue(s, e)
	for _, call := range t.Calls {
		fn := httpmodel.Callee(s.Info, call)
		if fn == nil || fn.Pkg() == nil || !IsResty(fn.Pkg().Path()) {
			continue
		}
		switch fn.Name() {
		case "SetHeader", "SetHeaderVerbatim":
			if len(call.Args) == 2 {
				if name, ok := httpmodel.ConstString(s.Info, call.Args[0]); !ok || has(name) {
					return true // a computed name may be the key
				}
			}
		case "SetHeaders", "SetHeaderMultiValues":
			return true // not followed: may hold the key
		}
	}
	return false
}

// SingleAttempt reports whether call, a call of a retry library's entry
// point, is configured in its arguments to make one attempt only, which
// retries nothing: retry-go's Attempts(1), backoff v5's WithMaxTries(1),
// go-retry's WithMaxRetries(0, b), and backoff v4's WithMaxRetries(b, 0)
// or &StopBackOff{}, also inside WithContext, written in the call
// (failsafe's, resty's and go-retryablehttp's zero retries are read with
// their configuration).
func SingleAttempt(info *types.Info, call *ast.CallExpr) bool {
	is := func(e ast.Expr, n int64) bool {
		v, ok := IntValue(info, e)
		return ok && v == n
	}
	var once func(e ast.Expr) bool
	once = func(e ast.Expr) bool {
		e = ast.Unparen(e)
		if u, ok := e.(*ast.UnaryExpr); ok && u.Op == token.AND {
			e = ast.Unparen(u.X)
		}
		if lit, ok := e.(*ast.CompositeLit); ok {
			// &backoff.StopBackOff{}: Stop at the first failure.
			t := info.TypeOf(lit)
			return isNamedOf(t, IsBackoffClassic, "StopBackOff")
		}
		c, ok := e.(*ast.CallExpr)
		if !ok {
			return false
		}
		switch {
		case isFuncOf(info, c, IsRetryGo, "Attempts") && len(c.Args) == 1 && is(c.Args[0], 1),
			// v3's Attempts(0) makes no attempt at all (retry.go:125).
			IsFunc(info, c, RetryGoV3, "", "Attempts") && len(c.Args) == 1 && is(c.Args[0], 0),
			isBackoffCtx(info, c, "WithMaxTries") && len(c.Args) == 1 && is(c.Args[0], 1),
			IsFunc(info, c, GoRetry, "", "WithMaxRetries") && len(c.Args) == 2 && is(c.Args[0], 0),
			isBackoff(info, c, "WithMaxRetries") && len(c.Args) == 2 && is(c.Args[1], 0):
			return true
		case isBackoff(info, c, "WithContext") && len(c.Args) == 2:
			return once(c.Args[0]) // the context changes no count
		}
		return false
	}
	return slices.ContainsFunc(call.Args, once)
}

// BackOffStop reports whether the condition of is, an if statement
// whose branch leaves the loop, says that a cenkalti/backoff v4 (or v1)
// BackOff driven by hand has stopped (d == backoff.Stop, where d :=
// b.NextBackOff() in is's init or as the variable's one value, or the
// call itself): such a loop is bounded as backoff.Retry would be, by the
// back-off's MaxElapsedTime (15 minutes by default, exponential.go:83, 176-177) or a WithMaxRetries wrapper, when
// the back-off is known to stop, or is made by a function of another
// package (a project's NewExpBackOff(ctx, start, max)) whose
// configuration the scope cannot read. One handed in as a parameter is
// its caller's, which may never stop. v5's ExponentialBackOff has no
// elapsed-time limit and is not taken.
func BackOffStop(s Scope, is *ast.IfStmt) bool {
	cmp, ok := ast.Unparen(is.Cond).(*ast.BinaryExpr)
	if !ok || cmp.Op != token.EQL {
		return false
	}
	stopPkg := func(e ast.Expr) *types.Package {
		c, ok := s.Info.Uses[analysisutil.RefIdent(e)].(*types.Const)
		if ok && c.Name() == "Stop" && c.Pkg() != nil && IsBackoffClassic(c.Pkg().Path()) {
			return c.Pkg()
		}
		return nil
	}
	other := cmp.X
	pkg := stopPkg(cmp.Y)
	if pkg == nil {
		if pkg = stopPkg(cmp.X); pkg == nil {
			return false
		}
		other = cmp.Y
	}
	var next *ast.CallExpr
	as, _ := is.Init.(*ast.AssignStmt)
	if d := flow.VarOf(s.Info, other); as != nil && len(as.Lhs) == 1 && len(as.Rhs) == 1 && d != nil && flow.VarOf(s.Info, as.Lhs[0]) == d {
		next = nextBackOff(s, pkg, as.Rhs[0]) // if d = b.NextBackOff(); d == backoff.Stop
	} else {
		next = nextBackOff(s, pkg, other)
	}
	if next == nil {
		return false
	}
	recv := ast.Unparen(next.Fun).(*ast.SelectorExpr).X
	if b := BackOffV4(s, recv); b.Known {
		return !b.NeverStops
	}
	t := TraceValue(s, recv)
	if len(t.Roots) != 1 {
		return false
	}
	call, ok := ast.Unparen(t.Roots[0]).(*ast.CallExpr)
	if !ok {
		return false // a parameter, a field: its maker's to say
	}
	fn := httpmodel.Callee(s.Info, call)
	return fn != nil && fn.Pkg() != nil && !strings.HasPrefix(fn.Pkg().Path(), "github.com/cenkalti/backoff")
}

// nextBackOff returns the call b.NextBackOff() that e is, or that every
// value the local variable e is given in s.Body is, or nil. The method
// is the BackOff interface's of pkg (the package whose Stop the loop
// compares with), called on that interface or on a type that
// implements it, the library's or the project's own.
func nextBackOff(s Scope, pkg *types.Package, e ast.Expr) *ast.CallExpr {
	obj := pkg.Scope().Lookup("BackOff")
	if obj == nil {
		return nil
	}
	iface, _ := obj.Type().Underlying().(*types.Interface)
	if iface == nil {
		return nil
	}
	isNext := func(e ast.Expr) *ast.CallExpr {
		call, ok := ast.Unparen(e).(*ast.CallExpr)
		if !ok || len(call.Args) != 0 {
			return nil
		}
		sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
		if !ok {
			return nil
		}
		fn, ok := s.Info.Uses[sel.Sel].(*types.Func)
		if !ok || fn.Name() != "NextBackOff" {
			return nil
		}
		// b.NextBackOff() on an addressable b calls a pointer method
		// on &b: a back-off held by value implements BackOff as *T.
		if recv := s.Info.TypeOf(sel.X); recv == nil || !types.Implements(recv, iface) && !types.Implements(types.NewPointer(recv), iface) {
			return nil
		}
		return call
	}
	if call := isNext(e); call != nil {
		return call
	}
	v := flow.VarOf(s.Info, e)
	if v == nil || s.Body == nil {
		return nil
	}
	values, ok := flow.AssignedAfterDecl(s.Info, s.Body, v)
	if !ok {
		return nil
	}
	var found *ast.CallExpr
	for _, val := range values {
		if found = isNext(val); found == nil {
			return nil
		}
	}
	return found
}
