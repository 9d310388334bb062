package retrylib

import (
	"go/ast"
	"net/http"
	"strings"

	"github.com/retrylint/retrylint/internal/httpmodel"
)

// Import paths of failsafe-go's packages (v0.9.8). Only how callers
// configure and use the library is modelled: the executor that runs an
// operation under its policies, and the retry policies it is given.
const (
	Failsafe            = "github.com/failsafe-go/failsafe-go"
	FailsafeRetryPolicy = "github.com/failsafe-go/failsafe-go/retrypolicy"
	FailsafeHTTP        = "github.com/failsafe-go/failsafe-go/failsafehttp"
	FailsafeTimeout     = "github.com/failsafe-go/failsafe-go/timeout"
)

// FailsafeConfig is what the failsafe-go Executor an operation is run by
// does, read back to failsafe.With(policies...) (executor.go:102-107) and
// to the builders of its policies.
type FailsafeConfig struct {
	Known bool
	// Context is the argument of the Executor's WithContext
	// (executor.go:132-138): the waits between attempts select on it
	// (retrypolicy/retryexecutor.go:72-77, execution.go:166-168); without
	// it, on context.Background() (executor.go:105).
	Context ast.Expr
	// Retry: one of the policies is a retry policy made by
	// retrypolicy.NewBuilder, NewWithDefaults or
	// failsafehttp.NewRetryPolicyBuilder, with retries (not
	// WithMaxRetries(0) or WithMaxAttempts(1)).
	Retry bool
	// RetriesErrors: that policy retries a transport error: the default
	// handling of NewBuilder retries every error (retrypolicy/retry.go:67,
	// 71-74) unless HandleIf, HandleErrors or HandleErrorTypes replaces it;
	// failsafehttp's builder retries every error but a scheme, certificate
	// or redirect error (failsafehttp/policy.go:25-47); an AbortIf,
	// AbortOnErrors or AbortOnErrorTypes of the caller's is not judged.
	RetriesErrors bool
	// NeverStops: WithMaxRetries(-1) or WithMaxAttempts(-1)
	// (retrypolicy/retry.go:258-270, retryexecutor.go:104) and no
	// WithMaxDuration (retry.go:272, retryexecutor.go:105); the default is
	// 2 retries (retry.go:14, 209).
	NeverStops bool
	// Build is the Build() call of that policy's builder, in the chain that
	// makes it: where a WithMaxDuration can be added.
	Build *ast.CallExpr
	// Policies compose from the first, outermost, to the last, innermost
	// (executor.go:94-101, 252-256). A timeout (timeout.New,
	// timeout.NewBuilder(d)...Build(), timeout/timeout.go:45-57) before
	// the retry policy bounds the whole retry (OuterTimeout); one after it
	// is made anew for each attempt (InnerTimeout, its duration argument),
	// cancelling that attempt only (timeout/timeoutexecutor.go:22-45).
	OuterTimeout bool
	InnerTimeout ast.Expr
}

// FailsafeExecutor reads the Executor e that Get, Run, ... is called on.
func FailsafeExecutor(s Scope, e ast.Expr) FailsafeConfig {
	var c FailsafeConfig
	if e == nil {
		return c
	}
	t := TraceValue(s, e)
	if !t.Known || len(t.Roots) != 1 {
		return c
	}
	root, ok := t.Roots[0].(*ast.CallExpr)
	if !ok || !IsFunc(s.Info, root, Failsafe, "", "With") {
		return c
	}
	for _, call := range t.Calls {
		if IsFunc(s.Info, call, Failsafe, "Executor", "WithContext") && len(call.Args) == 1 {
			c.Context = call.Args[0]
		}
	}
	c.Known = !root.Ellipsis.IsValid()
	// The policies are the variables of the function that makes the
	// Executor (a constructor that keeps it in a field).
	s = t.In(s, root)
	var timeouts []ast.Expr // durations of the timeouts before the retry policy
	for _, p := range root.Args {
		if d := failsafeTimeout(s, p); d != nil {
			if c.Retry {
				c.InnerTimeout = d
			} else {
				timeouts = append(timeouts, d)
			}
			continue
		}
		rp := failsafeRetryPolicy(s, p)
		if !rp.known {
			c.Known = false
			continue
		}
		if !rp.retry {
			continue
		}
		c.OuterTimeout = c.OuterTimeout || len(timeouts) > 0
		c.Retry = true
		c.RetriesErrors = c.RetriesErrors || rp.errors
		c.NeverStops = c.NeverStops || rp.forever
		if c.Build == nil {
			c.Build = rp.build
		}
	}
	return c
}

// failsafeTimeout returns the duration of a timeout policy p, nil if p is
// not one made in the package.
func failsafeTimeout(s Scope, p ast.Expr) ast.Expr {
	t := TraceValue(s, p)
	if !t.Known || len(t.Roots) != 1 {
		return nil
	}
	root, ok := t.Roots[0].(*ast.CallExpr)
	if ok && IsFunc(s.Info, root, FailsafeTimeout, "", "New", "NewBuilder") && len(root.Args) == 1 {
		return root.Args[0]
	}
	return nil
}

type failsafePolicy struct {
	known, retry, errors, forever bool
	build                         *ast.CallExpr
}

// failsafeRetryPolicy reads a policy argument of failsafe.With: a retry
// policy built in the package, or another policy (a timeout, a circuit
// breaker), which retries nothing.
func failsafeRetryPolicy(s Scope, p ast.Expr) failsafePolicy {
	var rp failsafePolicy
	t := TraceValue(s, p)
	if !t.Known || len(t.Roots) != 1 {
		return rp
	}
	root, ok := t.Roots[0].(*ast.CallExpr)
	if !ok {
		return rp
	}
	fn := httpmodel.Callee(s.Info, root)
	if fn == nil || fn.Pkg() == nil {
		return rp
	}
	var httpBuilder bool
	switch {
	case IsFunc(s.Info, root, FailsafeRetryPolicy, "", "NewBuilder"):
	case IsFunc(s.Info, root, FailsafeRetryPolicy, "", "NewWithDefaults"):
		return failsafePolicy{known: true, retry: true, errors: true}
	case IsFunc(s.Info, root, FailsafeHTTP, "", "NewRetryPolicyBuilder"):
		httpBuilder = true
	default:
		// Another policy of the library retries nothing; anything else
		// is not judged.
		rp.known = fn.Pkg().Path() != FailsafeRetryPolicy && strings.HasPrefix(fn.Pkg().Path()+"/", Failsafe+"/")
		return rp
	}
	rp.known, rp.retry, rp.errors = true, true, true
	retries, duration := int64(2), false
	var retriesAt ast.Node
	for _, call := range t.Calls {
		// Builder's own methods, and those it embeds from
		// failsafe.FailurePolicyBuilder (HandleIf, ...) and
		// DelayablePolicyBuilder (policy.go:33-68, retry.go:83-85).
		f := httpmodel.Callee(s.Info, call)
		if f == nil || f.Pkg() == nil {
			continue
		}
		if own := f.Pkg().Path() == FailsafeRetryPolicy && recvName(f) == "Builder"; !own && (f.Pkg().Path() != Failsafe || recvName(f) != "FailurePolicyBuilder" && recvName(f) != "DelayablePolicyBuilder") {
			continue
		}
		switch f.Name() {
		case "Build":
			rp.build = call
		case "HandleIf", "HandleErrors", "HandleErrorTypes":
			if !httpBuilder {
				rp.errors = false
			}
		case "AbortIf", "AbortOnErrors", "AbortOnErrorTypes":
			rp.errors = false
		case "WithMaxRetries", "WithMaxAttempts":
			if len(call.Args) != 1 || retriesAt != nil && retriesAt.Pos() > call.Pos() {
				continue
			}
			retriesAt = call
			n, ok := IntValue(s.Info, call.Args[0])
			switch {
			case !ok:
				n = 1
			case f.Name() == "WithMaxAttempts" && n != -1:
				n--
			}
			retries = n
		case "WithMaxDuration":
			duration = true
		}
	}
	if retries == 0 {
		rp.retry = false
	}
	rp.forever = retries == -1 && !duration
	return rp
}

// FailsafeRequest reads the failsafehttp.Request e that Do is called on,
// back to failsafehttp.NewRequest(req, client, policies...) or
// NewRequestWithExecutor(req, client, executor) (failsafehttp/client.go:
// 89-101): the *http.Request it sends, and what its policies do. Do sends
// that same request, headers included, on every attempt, with the body
// read anew (client.go:103-105, 139-157).
func FailsafeRequest(s Scope, e ast.Expr) (req ast.Expr, c FailsafeConfig) {
	if e == nil {
		return nil, c
	}
	t := TraceValue(s, e)
	if !t.Known || len(t.Roots) != 1 {
		return nil, c
	}
	root, ok := t.Roots[0].(*ast.CallExpr)
	if !ok || len(root.Args) < 2 {
		return nil, c
	}
	switch {
	case IsFunc(s.Info, root, FailsafeHTTP, "", "NewRequestWithExecutor") && len(root.Args) == 3:
		return root.Args[0], FailsafeExecutor(s, root.Args[2])
	case IsFunc(s.Info, root, FailsafeHTTP, "", "NewRequest") && !root.Ellipsis.IsValid():
		c.Known = true
		for _, p := range root.Args[2:] {
			rp := failsafeRetryPolicy(s, p)
			c.Known = c.Known && rp.known
			if rp.retry {
				c.Retry = true
				c.RetriesErrors = c.RetriesErrors || rp.errors
			}
		}
		return root.Args[0], c
	}
	return nil, c
}

// FailsafeClient is an *http.Client of the package whose Transport is a
// failsafe-go round tripper made in the package:
// failsafehttp.NewRoundTripper(next, policies...) or
// NewRoundTripperWithExecutor(next, executor) (failsafehttp/client.go:
// 30-50). Its RoundTrip runs the whole send under the policies: a retry
// policy sends the same request, headers included, again
// (client.go:77-79, 107-157), so every request sent through the client is
// retried as the policy says, whatever its method. The round tripper is
// followed, as a go-retryablehttp client is (RetryingClients), through the
// package's values to the http.Client literals whose Transport holds it
// and the clients given it by an assignment (c.Transport = rt), and those
// to their sends.
type FailsafeClient struct {
	// Made is the NewRoundTripper (or ...WithExecutor) call.
	Made *ast.CallExpr
	// Config is what its policies do (Retry, RetriesErrors, Known).
	Config FailsafeConfig
	// Sends are the Do, Post and PostForm calls through a client that
	// holds it.
	Sends []ClientSend
}

// FailsafeClients returns the http.Clients of the package whose transport
// is a failsafe-go round tripper made in the package, with their sends.
func (ix *Values) FailsafeClients() []*FailsafeClient {
	info := ix.info
	var out []*FailsafeClient
	for _, ca := range ix.calls {
		call := ca.Call
		fc := &FailsafeClient{Made: call}
		s := Scope{Info: info, Files: ix.files}
		switch f := ca.Func.(type) {
		case *ast.FuncDecl:
			s.Body = f.Body
		case *ast.FuncLit:
			s.Body = f.Body
		}
		switch {
		case IsFunc(info, call, FailsafeHTTP, "", "NewRoundTripperWithExecutor") && len(call.Args) == 2:
			fc.Config = FailsafeExecutor(s, call.Args[1])
		case IsFunc(info, call, FailsafeHTTP, "", "NewRoundTripper") && !call.Ellipsis.IsValid():
			fc.Config.Known = true
			for _, p := range call.Args[1:] {
				rp := failsafeRetryPolicy(s, p)
				fc.Config.Known = fc.Config.Known && rp.known
				if rp.retry {
					fc.Config.Retry = true
					fc.Config.RetriesErrors = fc.Config.RetriesErrors || rp.errors
				}
			}
		default:
			continue
		}
		// The round tripper, and the clients whose Transport holds it.
		rtMade := map[ast.Expr]bool{call: true}
		rt := ix.Holders(rtMade)
		clients := map[ast.Expr]bool{}
		for _, f := range ix.files {
			ast.Inspect(f, func(n ast.Node) bool {
				lit, ok := n.(*ast.CompositeLit)
				if !ok || !httpmodel.IsNamed(info.TypeOf(lit), "net/http", "Client") {
					return true
				}
				for _, el := range lit.Elts {
					if kv, ok := el.(*ast.KeyValueExpr); ok {
						if id, ok := kv.Key.(*ast.Ident); ok && id.Name == "Transport" && ix.Holds(rt, rtMade, kv.Value) {
							clients[lit] = true
						}
					}
				}
				return true
			})
		}
		seed := map[any]bool{}
		for _, set := range ix.sets["Transport"] {
			if ix.Holds(rt, rtMade, set.Value) && httpmodel.IsNamed(info.TypeOf(set.Base), "net/http", "Client") {
				if loc := ix.locOf(set.Base); loc != nil {
					seed[loc] = true
				}
			}
		}
		if len(clients) == 0 && len(seed) == 0 {
			continue
		}
		h := ix.holdersFrom(clients, seed)
		for _, cb := range ix.calls {
			sel, ok := ast.Unparen(cb.Call.Fun).(*ast.SelectorExpr)
			fn := httpmodel.Callee(info, cb.Call)
			if !ok || !httpmodel.IsMethod(fn, "net/http", "Client", "Do", "Post", "PostForm") || !ix.Holds(h, clients, sel.X) {
				continue
			}
			send := ClientSend{Call: cb.Call, Func: cb.Func}
			if fn.Name() == "Do" {
				if len(cb.Call.Args) != 1 {
					continue
				}
				send.Request = cb.Call.Args[0]
			} else {
				send.Method = http.MethodPost
			}
			fc.Sends = append(fc.Sends, send)
		}
		out = append(out, fc)
	}
	return out
}
