// Package retrylib knows the retry libraries that Go code configures instead
// of writing its own retry loop. It is a table of their entry points,
// matched by resolved object (package path, receiver type name, function
// name), and readers of the configuration written around a call: the calls
// and struct literals in the same function, or, for a client kept in a
// struct field, the assignments to that field anywhere in the package.
//
// The model of each library, with the source lines it rests on, is in
// docs/libraries.md. Supported, by import path and the version read:
//
//	github.com/hashicorp/go-retryablehttp    v0.7.8
//	github.com/go-resty/resty/v2             v2.17.2
//	resty.dev/v3                             v3.0.0-rc.4 (the v2 model, with v3's differences)
//	github.com/cenkalti/backoff              v1 (309aa717, the same model as v4)
//	github.com/cenkalti/backoff/v4           v4.3.0
//	github.com/cenkalti/backoff/v5           v5.0.3
//	github.com/cenkalti/backoff/v6, v7       v6.0.1, v7.0.3 (the v5 model: the same Retry and options)
//	github.com/avast/retry-go/v4             v4.7.0
//	github.com/sethvargo/go-retry            v0.5.0
//	github.com/failsafe-go/failsafe-go       v0.9.8 (the Executor and its retry policies, as callers use them)
//	k8s.io/apimachinery/pkg/util/wait        v0.37.2 (retry helpers: HelperOf)
//	go.opentelemetry.io/collector/exporter/exporterhelper v0.165.0 (an exporter's push function, WithRetry)
//	k8s.io/client-go/util/retry              v0.37.2 (not retried after an unknown outcome)
//
// The API:
//
//   - EntryOf(info, call) recognises a call that retries: a function-value
//     retry (backoff.Retry, retry.Do, v5 Retry, go-retry Do: Entry.Op is the
//     retried operation) or a send through a retrying client
//     (retryablehttp.Client.Do/Post/..., a resty Request's Post/Execute/...:
//     Entry.Send is set). Entry.Lib says what the library does by default:
//     what it retries on, whether its wait honours a context, its bounds.
//   - BackOffV4(info, scope, expr) reads a cenkalti/backoff v4 BackOff
//     value back to where it was made.
//   - RetryGoOptions, BackoffV5Options read the options of a call.
//   - RetryableClient and Resty read a client's configuration.
//   - PerAttemptTimeout finds a per-attempt timeout made inside an operation.
//   - NewValues indexes where a package stores values; on it,
//     RetryingClients follows each go-retryablehttp client the package
//     makes to its configuration and its sends, CheckRetryPolicy and
//     ConditionPolicy read what a CheckRetry or a resty retry condition
//     retries, RequestOrigins follows a sent request back to where it is
//     built, and RestyConditions finds the conditions of retrying resty
//     clients.
//
// A reader that cannot see where a value was made says so (Known false);
// the analyzers stay silent then.
package retrylib

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"slices"
	"strings"

	"github.com/retrylint/retrylint/internal/analysisutil"
	"github.com/retrylint/retrylint/internal/flow"
	"github.com/retrylint/retrylint/internal/httpmodel"
)

// Import paths of the libraries.
const (
	RetryableHTTP = "github.com/hashicorp/go-retryablehttp"
	RestyV2       = "github.com/go-resty/resty/v2"
	RestyV3       = "resty.dev/v3"
	BackoffV1     = "github.com/cenkalti/backoff"
	BackoffV3     = "github.com/cenkalti/backoff/v3"
	BackoffV4     = "github.com/cenkalti/backoff/v4"
	BackoffV5     = "github.com/cenkalti/backoff/v5"
	BackoffV6     = "github.com/cenkalti/backoff/v6"
	BackoffV7     = "github.com/cenkalti/backoff/v7"
	RetryGo       = "github.com/avast/retry-go/v4"
	// RetryGoV3 is retry-go before modules: v2 and v3 (+incompatible)
	// share this path.
	RetryGoV3 = "github.com/avast/retry-go"
	GoRetry   = "github.com/sethvargo/go-retry"
	// The OpenTelemetry Collector's exporter helper, which retries the
	// push function of an exporter made with its WithRetry option, and
	// the package of the error mark that stops it.
	ExporterHelper  = "go.opentelemetry.io/collector/exporter/exporterhelper"
	XExporterHelper = "go.opentelemetry.io/collector/exporter/exporterhelper/xexporterhelper"
	ConsumerError   = "go.opentelemetry.io/collector/consumer/consumererror"
)

// Library is what a library does when nothing is configured.
type Library struct {
	Path string // import path
	Name string // short name for messages
	// RetriesErrors: a transport error (an unknown outcome) is retried by
	// default.
	RetriesErrors bool
	// HonoursCtx: the wait between attempts selects on a context the
	// caller can pass (which one is a configuration question).
	HonoursCtx bool
	// DefaultTimeBound and DefaultCountBound: the retry stops by elapsed
	// time, by attempt count, with no configuration.
	DefaultTimeBound, DefaultCountBound bool
	// IdempotentOnly: only idempotent methods are retried unless a switch
	// allows the others (resty v3: request.go:1488-1490, 1534, 1895-1908,
	// SetRetryAllowNonIdempotent).
	IdempotentOnly bool
	// Retryable names the functions of the package that mark an error as
	// one to retry, for a library that retries no other (go-retry's
	// RetryableError, retry.go:32, 66-70); Permanent those that mark an
	// error as one to stop on, for a library that retries every other
	// (backoff's Permanent, retry-go's Unrecoverable).
	Retryable, Permanent []string
	// MarkPath is the import path of the package of Retryable and
	// Permanent when it is not the library's own (the Collector's
	// consumererror.NewPermanent).
	MarkPath string
	// Registers: the entry point registers the operation, which the
	// library calls, and retries, once for each unit of work it is
	// later handed (the Collector's exporter helper pushes each batch):
	// no key made around the entry point's call is one operation's, so
	// a write in the operation can only end the retry at an unknown
	// outcome (Permanent).
	Registers bool
	// OnceBackOff and OnceOption say how a caller makes the retry try its
	// operation once (a fix that keeps a request that may not be replayed
	// to one attempt): the back-off argument replaced or wrapped
	// (OnceBackOff, a format of the package's name and the back-off:
	// backoff v4's &StopBackOff{}, whose Stop ends Retry at the first
	// failure, retry.go:93-98; go-retry's WithMaxRetries(0, b),
	// backoff.go:117-131), or an option appended to the call's
	// (OnceOption, a format of the package's name, of type OptionType:
	// backoff v5's WithMaxTries(1), retry.go:50-54, 93; retry-go's
	// Attempts(1), options.go:56-60, retry.go:204).
	OnceBackOff, OnceOption, OptionType string
}

// Libraries is the table of supported libraries.
var Libraries = map[string]*Library{
	RetryableHTTP: {Path: RetryableHTTP, Name: "go-retryablehttp", RetriesErrors: true, HonoursCtx: true, DefaultCountBound: true},
	RestyV2:       {Path: RestyV2, Name: "resty", RetriesErrors: true, HonoursCtx: true, DefaultCountBound: true},
	// resty v3: the default conditions retry a url.Error that is
	// Temporary (a timeout, retry.go:104-125), for idempotent methods only.
	RestyV3:   {Path: RestyV3, Name: "resty", RetriesErrors: true, HonoursCtx: true, DefaultCountBound: true, IdempotentOnly: true},
	BackoffV1: backoffClassic(BackoffV1),
	BackoffV4: backoffClassic(BackoffV4),
	// v3 (v3.2.2) has v4's Retry, RetryNotify, WithContext,
	// WithMaxRetries, Permanent and back-offs, with the same defaults
	// (exponential.go:75-91, retry.go:24-77), and no *WithData.
	BackoffV3: backoffClassic(BackoffV3),
	BackoffV5: backoffCtx(BackoffV5),
	// v6 and v7 keep v5's Retry and options (v6.0.1 retry.go:41-108,
	// v7.0.3 retry.go:41-114); what changed is what Retry returns (a
	// *RetryError) and v7's RetryAfter(d, cause), neither of which the
	// model reads.
	BackoffV6: backoffCtx(BackoffV6),
	BackoffV7: backoffCtx(BackoffV7),
	RetryGo:   retryGo(RetryGo),
	// v3 (v3.0.0+incompatible): Do and its options as v4's (retry.go:94-169,
	// options.go), with 10 attempts by default; Attempts(0) makes no
	// attempt (the loop runs while n < attempts), and there is no
	// UntilSucceeded. v2 has no Context option.
	RetryGoV3: retryGo(RetryGoV3),
	GoRetry:   {Path: GoRetry, Name: "go-retry", RetriesErrors: false, HonoursCtx: true, Retryable: []string{"RetryableError"}, OnceBackOff: "%[1]s.WithMaxRetries(0, %[2]s)"},
	// failsafe-go: what is retried is the policies' to say
	// (FailsafeExecutor); the default retry policy retries every error
	// twice.
	Failsafe:     {Path: Failsafe, Name: "failsafe", RetriesErrors: true, HonoursCtx: true, DefaultCountBound: true},
	FailsafeHTTP: {Path: FailsafeHTTP, Name: "failsafehttp", RetriesErrors: true, HonoursCtx: true, DefaultCountBound: true},
	// The Collector's exporter helper (v0.165.0): with WithRetry
	// (common.go:40) enabled, the retry sender calls the push function
	// again after any error that consumererror.NewPermanent does not
	// mark (internal/retry_sender.go:71-151), for MaxElapsedTime (5
	// minutes by default, configretry NewDefaultBackOffConfig), and its
	// wait selects on the request's context.
	ExporterHelper:  {Path: ExporterHelper, Name: "exporterhelper", RetriesErrors: true, HonoursCtx: true, DefaultTimeBound: true, Permanent: []string{"NewPermanent"}, MarkPath: ConsumerError, Registers: true},
	XExporterHelper: {Path: XExporterHelper, Name: "exporterhelper", RetriesErrors: true, HonoursCtx: true, DefaultTimeBound: true, Permanent: []string{"NewPermanent"}, MarkPath: ConsumerError, Registers: true},
}

// backoffCtx is the model of cenkalti/backoff from v5 on: Retry(ctx, op,
// opts...) waits on the context, and stops after WithMaxElapsedTime,
// 15 minutes by default (v5.0.3 retry.go:10, 73, 122).
// backoffClassic is the model of cenkalti/backoff before v5 (v1 to v4),
// at import path path.
func backoffClassic(path string) *Library {
	return &Library{Path: path, Name: "backoff", RetriesErrors: true, HonoursCtx: false, DefaultTimeBound: true, Permanent: []string{"Permanent"}, OnceBackOff: "&%[1]s.StopBackOff{}"}
}

// retryGo is the model of avast/retry-go (v2 to v4), at import path path.
func retryGo(path string) *Library {
	return &Library{Path: path, Name: "retry-go", RetriesErrors: true, HonoursCtx: false, DefaultCountBound: true, Permanent: []string{"Unrecoverable"}, OnceOption: "%[1]s.Attempts(1)", OptionType: "Option"}
}

func backoffCtx(path string) *Library {
	return &Library{Path: path, Name: "backoff", RetriesErrors: true, HonoursCtx: true, DefaultTimeBound: true, Permanent: []string{"Permanent"}, OnceOption: "%[1]s.WithMaxTries(1)", OptionType: "RetryOption"}
}

// IsBackoffCtx reports whether path is the import path of a version of
// cenkalti/backoff with the context API of v5 (v5, v6, v7): the versions
// share one model, as the resty versions do.
func IsBackoffCtx(path string) bool {
	return path == BackoffV5 || path == BackoffV6 || path == BackoffV7
}

// MarksPath returns the import path of the package of lib's error marks.
func (lib *Library) MarksPath() string {
	if lib.MarkPath != "" {
		return lib.MarkPath
	}
	return lib.Path
}

// IsResty reports whether path is the import path of a resty version
// the model knows. The versions share one model (Resty, RestyConfig);
// what differs is read from RestyConfig.Path and the Library.
func IsResty(path string) bool { return path == RestyV2 || path == RestyV3 }

// IsBackoffClassic reports whether path is cenkalti/backoff before v5:
// the module-less path (v1, v2), v3 or v4, whose Retry takes a BackOff
// that WithContext binds to a context.
func IsBackoffClassic(path string) bool {
	return path == BackoffV1 || path == BackoffV3 || path == BackoffV4
}

// IsRetryGo reports whether path is avast/retry-go: v4, or v2 and v3 on
// the module-less path.
func IsRetryGo(path string) bool { return path == RetryGo || path == RetryGoV3 }

// isFuncOf reports whether call calls one of the functions names of a
// package whose path is, by is, one of a library's versions.
func isFuncOf(info *types.Info, call *ast.CallExpr, is func(string) bool, names ...string) bool {
	fn := httpmodel.Callee(info, call)
	if fn == nil || fn.Pkg() == nil || !is(fn.Pkg().Path()) || recvName(fn) != "" {
		return false
	}
	return slices.Contains(names, fn.Name())
}

// isNamedOf reports whether t is the type name of a package whose path
// is, by is, one of a library's versions.
func isNamedOf(t types.Type, is func(string) bool, name string) bool {
	n, ok := types.Unalias(analysisutil.Deref(t)).(*types.Named)
	return ok && n.Obj().Name() == name && n.Obj().Pkg() != nil && is(n.Obj().Pkg().Path())
}

// entryPoint is one row of the table: a function or method that retries.
type entryPoint struct {
	path, recv, name string
	op               int // index of the retried function value, -1 if none
	backoff          int // index of the BackOff argument, -1 if none
	ctx              int // index of the context argument, -1 if none
	opts             int // index of the first variadic option, -1 if none
	method           string
	send             bool // a request sent through a retrying client
}

var entryPoints = []entryPoint{
	// cenkalti/backoff before modules (v1 path): retry.go:25-29, the
	// model of v4.
	{path: BackoffV1, name: "Retry", op: 0, backoff: 1, ctx: -1, opts: -1},
	{path: BackoffV1, name: "RetryNotify", op: 0, backoff: 1, ctx: -1, opts: -1},
	// cenkalti/backoff v3: retry.go:24-37.
	{path: BackoffV3, name: "Retry", op: 0, backoff: 1, ctx: -1, opts: -1},
	{path: BackoffV3, name: "RetryNotify", op: 0, backoff: 1, ctx: -1, opts: -1},
	{path: BackoffV3, name: "RetryNotifyWithTimer", op: 0, backoff: 1, ctx: -1, opts: -1},
	// cenkalti/backoff v4: retry.go:37-66.
	{path: BackoffV4, name: "Retry", op: 0, backoff: 1, ctx: -1, opts: -1},
	{path: BackoffV4, name: "RetryWithData", op: 0, backoff: 1, ctx: -1, opts: -1},
	{path: BackoffV4, name: "RetryNotify", op: 0, backoff: 1, ctx: -1, opts: -1},
	{path: BackoffV4, name: "RetryNotifyWithData", op: 0, backoff: 1, ctx: -1, opts: -1},
	{path: BackoffV4, name: "RetryNotifyWithTimer", op: 0, backoff: 1, ctx: -1, opts: -1},
	{path: BackoffV4, name: "RetryNotifyWithTimerAndData", op: 0, backoff: 1, ctx: -1, opts: -1},
	// cenkalti/backoff v5: retry.go:68; v6: retry.go:108; v7: retry.go:114.
	{path: BackoffV5, name: "Retry", op: 1, backoff: -1, ctx: 0, opts: 2},
	{path: BackoffV6, name: "Retry", op: 1, backoff: -1, ctx: 0, opts: 2},
	{path: BackoffV7, name: "Retry", op: 1, backoff: -1, ctx: 0, opts: 2},
	// avast/retry-go v4: retry.go:114-123.
	{path: RetryGo, name: "Do", op: 0, backoff: -1, ctx: -1, opts: 1},
	// avast/retry-go v2 and v3: retry.go:94.
	{path: RetryGoV3, name: "Do", op: 0, backoff: -1, ctx: -1, opts: 1},
	{path: RetryGo, name: "DoWithData", op: 0, backoff: -1, ctx: -1, opts: 1},
	// sethvargo/go-retry: retry.go:52-90.
	{path: GoRetry, name: "Do", op: 2, backoff: 1, ctx: 0, opts: -1},
	{path: GoRetry, name: "DoValue", op: 2, backoff: 1, ctx: 0, opts: -1},
	// go-retry's shorthands: Do with a back-off that never stops
	// (backoff_constant.go:10, backoff_exponential.go:17,
	// backoff_fibonacci.go:18); Entry.BackOff is nil.
	{path: GoRetry, name: "Constant", op: 2, backoff: -1, ctx: 0, opts: -1},
	{path: GoRetry, name: "Exponential", op: 2, backoff: -1, ctx: 0, opts: -1},
	{path: GoRetry, name: "Fibonacci", op: 2, backoff: -1, ctx: 0, opts: -1},
	// failsafe-go: the Executor runs the operation under its policies
	// (executor.go:155-180); Entry.Recv is the Executor.
	{path: Failsafe, recv: "Executor", name: "Get", op: 0, backoff: -1, ctx: -1, opts: -1},
	{path: Failsafe, recv: "Executor", name: "Run", op: 0, backoff: -1, ctx: -1, opts: -1},
	{path: Failsafe, recv: "Executor", name: "GetWithExecution", op: 0, backoff: -1, ctx: -1, opts: -1},
	{path: Failsafe, recv: "Executor", name: "RunWithExecution", op: 0, backoff: -1, ctx: -1, opts: -1},
	// failsafehttp: a request sent under policies (failsafehttp/client.go:103).
	{path: FailsafeHTTP, recv: "Request", name: "Do", op: -1, backoff: -1, ctx: -1, opts: -1, send: true},
	// go-retryablehttp: client.go:666-914.
	{path: RetryableHTTP, recv: "Client", name: "Do", op: -1, backoff: -1, ctx: -1, opts: -1, send: true},
	{path: RetryableHTTP, recv: "Client", name: "Post", op: -1, backoff: -1, ctx: -1, opts: -1, send: true, method: "POST"},
	{path: RetryableHTTP, recv: "Client", name: "PostForm", op: -1, backoff: -1, ctx: -1, opts: -1, send: true, method: "POST"},
	{path: RetryableHTTP, recv: "Client", name: "Get", op: -1, backoff: -1, ctx: -1, opts: -1, send: true, method: "GET"},
	{path: RetryableHTTP, recv: "Client", name: "Head", op: -1, backoff: -1, ctx: -1, opts: -1, send: true, method: "HEAD"},
	// The Collector's exporter helper: the push function of an exporter
	// (traces.go:17-31, logs.go, metrics.go; xexporterhelper's profiles).
	{path: ExporterHelper, name: "NewTraces", op: 3, backoff: -1, ctx: -1, opts: 4},
	{path: ExporterHelper, name: "NewLogs", op: 3, backoff: -1, ctx: -1, opts: 4},
	{path: ExporterHelper, name: "NewMetrics", op: 3, backoff: -1, ctx: -1, opts: 4},
	{path: XExporterHelper, name: "NewProfiles", op: 3, backoff: -1, ctx: -1, opts: 4},
}

func init() {
	// resty v2: request.go:964-1013; v3: request.go:1390-1470; all of
	// them reach Execute.
	for _, path := range []string{RestyV2, RestyV3} {
		for _, m := range []struct{ name, method string }{
			{"Post", "POST"}, {"Patch", "PATCH"}, {"Put", "PUT"}, {"Get", "GET"}, {"Delete", "DELETE"}, {"Execute", ""},
		} {
			entryPoints = append(entryPoints, entryPoint{path: path, recv: "Request", name: m.name, op: -1, backoff: -1, ctx: -1, opts: -1, send: true, method: m.method})
		}
	}
}

// OperationRetriesErrors reports whether the operation of e, a
// function-value retry, may be called again after it returns an error it
// did not mark: retry-go without a RetryIf of the caller's, or with one
// whose condition the analyzers can judge (a function or a literal, see
// RetryGoConfig.RetryIfFunc), a failsafe-go Executor whose retry policy
// handles every error, the others by their Library row.
func OperationRetriesErrors(s Scope, e Entry) bool {
	e = s.Resolve(e)
	switch e.Lib.Path {
	case RetryGo, RetryGoV3:
		if !e.OptionsKnown {
			return false
		}
		o := RetryGoOptions(s.Info, e.Options)
		return !o.RetryIf || o.RetryIfFunc != nil && !s.neverTrue(o.RetryIfFunc)
	case Failsafe:
		c := FailsafeExecutor(s, e.Recv)
		return c.Known && c.Retry && c.RetriesErrors
	case ExporterHelper, XExporterHelper:
		return e.OptionsKnown && exporterRetries(s, e.Options)
	}
	return e.Lib.RetriesErrors
}

// exporterRetries reports whether the options of an exporter helper's
// constructor turn its retry on: a WithRetry (common.go:40; the default
// is no retry) whose configuration may be enabled. A literal enables it
// only with Enabled true, configretry.NewDefaultBackOffConfig() does
// (generated_config.go:75-84), and one read from the exporter's
// configuration (cfg.BackOffConfig) may, as the defaults of the
// Collector's exporters have it; a variable is judged by the last
// Enabled it is given, or the value it is made from.
func exporterRetries(s Scope, opts []ast.Expr) bool {
	for _, o := range opts {
		call, ok := ast.Unparen(o).(*ast.CallExpr)
		if !ok || len(call.Args) != 1 || !IsFunc(s.Info, call, ExporterHelper, "", "WithRetry") {
			continue
		}
		t := TraceValue(s, call.Args[0])
		if !t.Known || len(t.Roots) != 1 {
			return true // the exporter's configuration: enabled by default
		}
		if v := last(t.Fields["Enabled"]); v != nil {
			// rc := configretry.NewDefaultBackOffConfig(); rc.Enabled =
			// false; a literal's Enabled.
			return !isBool(s.Info, v, false)
		}
		if compositeOf(t.Roots[0]) != nil {
			return false // a literal with Enabled left false
		}
		return true
	}
	return false
}

// Marks reports whether call calls one of the functions of lib that mark
// an error (Library.Retryable when retryable, Permanent otherwise).
func Marks(info *types.Info, call *ast.CallExpr, lib *Library, retryable bool) bool {
	names := lib.Permanent
	if retryable {
		names = lib.Retryable
	}
	return len(names) > 0 && IsFunc(info, call, lib.MarksPath(), "", names...)
}

// Entry is a call of a library entry point.
type Entry struct {
	Lib  *Library
	Func *types.Func
	Call *ast.CallExpr
	// Op is the retried function value (nil for a client send).
	Op ast.Expr
	// BackOff is the BackOff argument (backoff v4, go-retry), Ctx the
	// context argument (backoff v5, go-retry), Options the variadic
	// options (backoff v5, retry-go).
	BackOff, Ctx ast.Expr
	Options      []ast.Expr
	// OptionsKnown is false when the options are passed as a slice
	// (opts...), whose content the readers do not follow.
	OptionsKnown bool
	// Spread is, for options spread from a local slice that Resolve
	// read, the literal the slice is built from.
	Spread *ast.CompositeLit
	// optsAt is the index of the first option among the call's
	// arguments, -1 for an entry point without options.
	optsAt int
	// Defaults is, for options passed as append([]T{a, b}, opts...)...
	// (defaults the caller's options may add to or override), the
	// literal of the defaults; Options then holds its elements (and the
	// options written before it).
	Defaults *ast.CompositeLit
	// Send is set for a request sent through a retrying client: Recv is
	// the client (retryablehttp) or request (resty) the method is called
	// on, Method the HTTP method when it is a constant ("" otherwise).
	// Recv is also the failsafe-go Executor an operation is run by.
	Send   bool
	Recv   ast.Expr
	Method string
}

// EntryOf reports whether call is a call of a retry library's entry point.
func EntryOf(info *types.Info, call *ast.CallExpr) (Entry, bool) {
	fn := httpmodel.Callee(info, call)
	if fn == nil || fn.Pkg() == nil {
		return Entry{}, false
	}
	lib := Libraries[fn.Pkg().Path()]
	if lib == nil {
		return Entry{}, false
	}
	recv := recvName(fn)
	for _, ep := range entryPoints {
		if ep.path != lib.Path || ep.name != fn.Name() || ep.recv != recv {
			continue
		}
		e := Entry{Lib: lib, Func: fn, Call: call, Send: ep.send, Method: ep.method, optsAt: ep.opts}
		arg := func(i int) ast.Expr {
			if i >= 0 && i < len(call.Args) {
				return call.Args[i]
			}
			return nil
		}
		e.Op, e.BackOff, e.Ctx = arg(ep.op), arg(ep.backoff), arg(ep.ctx)
		e.OptionsKnown = !call.Ellipsis.IsValid()
		if ep.opts >= 0 && ep.opts <= len(call.Args) && e.OptionsKnown {
			e.Options = call.Args[ep.opts:]
		} else if ep.opts >= 0 && ep.opts < len(call.Args) {
			if lit := appendedDefaults(info, call.Args[len(call.Args)-1]); lit != nil {
				e.Defaults = lit
				e.Options = append(slices.Clone(call.Args[ep.opts:len(call.Args)-1]), lit.Elts...)
			}
		}
		if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok && ep.recv != "" {
			e.Recv = sel.X
		}
		if ep.send {
			if fn.Name() == "Execute" && len(call.Args) > 0 {
				e.Method, _ = httpmodel.ConstString(info, call.Args[0])
			}
		}
		return e, true
	}
	return Entry{}, false
}

// appendedDefaults returns the literal lit of append(lit, more...), the
// spread argument of options that are defaults (lit) the caller's
// options (more) follow, or nil.
func appendedDefaults(info *types.Info, arg ast.Expr) *ast.CompositeLit {
	call, ok := ast.Unparen(arg).(*ast.CallExpr)
	if !ok || len(call.Args) != 2 || !call.Ellipsis.IsValid() {
		return nil
	}
	if !analysisutil.IsBuiltinCall(info, call, "append") {
		return nil
	}
	lit, _ := ast.Unparen(call.Args[0]).(*ast.CompositeLit)
	return lit
}

func recvName(fn *types.Func) string {
	sig, _ := fn.Type().(*types.Signature)
	if sig == nil || sig.Recv() == nil {
		return ""
	}
	t := sig.Recv().Type()
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	if n, ok := types.Unalias(t).(*types.Named); ok {
		return n.Obj().Name()
	}
	return ""
}

// ImportsLibrary reports whether pkg imports one of the libraries directly.
func ImportsLibrary(pkg *types.Package) bool {
	for _, imp := range pkg.Imports() {
		if Libraries[imp.Path()] != nil {
			return true
		}
	}
	return false
}

// Imports reports whether pkg imports path directly.
func Imports(pkg *types.Package, path string) bool {
	for _, imp := range pkg.Imports() {
		if imp.Path() == path {
			return true
		}
	}
	return false
}

// IsFunc reports whether call calls the function path.name (recv "" for a
// package-level function) of a library.
func IsFunc(info *types.Info, call *ast.CallExpr, path, recv string, names ...string) bool {
	fn := httpmodel.Callee(info, call)
	if fn == nil || fn.Pkg() == nil || fn.Pkg().Path() != path || recvName(fn) != recv {
		return false
	}
	for _, n := range names {
		if fn.Name() == n {
			return true
		}
	}
	return false
}

// isZero reports whether e is the constant 0.
func isZero(info *types.Info, e ast.Expr) bool {
	tv, ok := info.Types[e]
	if !ok || tv.Value == nil {
		return false
	}
	v := constant.ToInt(tv.Value)
	return v.Kind() == constant.Int && constant.Sign(v) == 0
}

// IntValue returns the value of e when it is an integer constant.
func IntValue(info *types.Info, e ast.Expr) (int64, bool) {
	tv, ok := info.Types[e]
	if !ok || tv.Value == nil {
		return 0, false
	}
	return constant.Int64Val(constant.ToInt(tv.Value))
}

// ImportedAs returns the name by which file refers to the package path
// (name, its default name, or the import's own name); ok is false when
// the file does not import it, or imports it blank or with a dot.
func ImportedAs(file *ast.File, path, name string) (string, bool) {
	found := ""
	for _, imp := range file.Imports {
		if strings.Trim(imp.Path.Value, `"`) == path {
			found = name
			if imp.Name != nil {
				found = imp.Name.Name
			}
		}
	}
	return found, found != "" && found != "_" && found != "."
}

// Resolve returns e with its options read from the slice they are spread
// from (retry.Do(op, opts...)) when that slice is a local variable of s's
// body, built from a literal and grown only by appends of options
// (opts = append(opts, retry.RetryIf(...))), each a statement of the
// block of the call, and used in no other way (an element stored, a
// copy, the slice handed to a function); otherwise e as it is.
func (s Scope) Resolve(e Entry) Entry {
	if e.OptionsKnown || e.Defaults != nil || s.Body == nil || !e.Call.Ellipsis.IsValid() || e.optsAt != len(e.Call.Args)-1 {
		return e
	}
	spread := ast.Unparen(e.Call.Args[len(e.Call.Args)-1])
	id, ok := spread.(*ast.Ident)
	if !ok {
		return e
	}
	v, ok := s.Info.Uses[id].(*types.Var)
	if !ok || v.Parent() == nil || v.Parent() == v.Pkg().Scope() {
		return e
	}
	var (
		lit       *ast.CompositeLit
		opts      []ast.Expr
		callBlock ast.Node
		bad       bool
		appends   = map[*ast.AssignStmt]bool{}
		defBlock  ast.Node
	)
	// blockOf returns the block whose statement the innermost statement
	// of stack is.
	blockOf := func(stack []ast.Node) ast.Node {
		for i := len(stack) - 1; i > 0; i-- {
			if _, isStmt := stack[i].(ast.Stmt); isStmt {
				if b, ok := stack[i-1].(*ast.BlockStmt); ok {
					return b
				}
				if _, ok := stack[i-1].(ast.Stmt); ok {
					continue
				}
				return nil
			}
		}
		return nil
	}
	ast.PreorderStack(s.Body, nil, func(n ast.Node, stack []ast.Node) bool {
		if bad {
			return false
		}
		switch n := n.(type) {
		case *ast.CallExpr:
			if n == e.Call {
				callBlock = blockOf(stack)
			}
		case *ast.Ident:
			if s.Info.Defs[n] == v {
				// opts := []T{...} or var opts = []T{...}
				var val ast.Expr
				switch p := stack[len(stack)-1].(type) {
				case *ast.AssignStmt:
					if len(p.Lhs) == 1 && len(p.Rhs) == 1 && p.Tok == token.DEFINE {
						val = p.Rhs[0]
					}
				case *ast.ValueSpec:
					if len(p.Names) == 1 && len(p.Values) == 1 {
						val = p.Values[0]
					}
				}
				l, ok := ast.Unparen(val).(*ast.CompositeLit)
				if !ok {
					bad = true
					return false
				}
				lit, opts, defBlock = l, slices.Clone(l.Elts), blockOf(stack)
				return false
			}
			if s.Info.Uses[n] != v || n == id {
				return false
			}
			parent := stack[len(stack)-1]
			if call, ok := parent.(*ast.CallExpr); ok && len(stack) >= 2 && analysisutil.IsBuiltinCall(s.Info, call, "append") && call.Args[0] == ast.Expr(n) && !call.Ellipsis.IsValid() {
				if as, ok := stack[len(stack)-2].(*ast.AssignStmt); ok && len(as.Lhs) == 1 && len(as.Rhs) == 1 && as.Rhs[0] == ast.Expr(call) && as.Tok == token.ASSIGN {
					if lhs, ok := ast.Unparen(as.Lhs[0]).(*ast.Ident); ok && s.Info.Uses[lhs] == v && appends[as] {
						opts = append(opts, call.Args[1:]...)
						return false
					}
				}
			}
			if as, ok := parent.(*ast.AssignStmt); ok && len(as.Lhs) == 1 && as.Lhs[0] == ast.Expr(n) && len(as.Rhs) == 1 {
				// opts = append(opts, ...): the append is read next.
				if call, ok := ast.Unparen(as.Rhs[0]).(*ast.CallExpr); ok && analysisutil.IsBuiltinCall(s.Info, call, "append") && blockOf(stack) == defBlock && as.Pos() < e.Call.Pos() {
					appends[as] = true
					return false
				}
			}
			bad = true
			return false
		}
		return true
	})
	if bad || lit == nil || defBlock == nil || callBlock != defBlock || lit.Pos() > e.Call.Pos() {
		return e
	}
	e.Options = opts
	e.OptionsKnown = true
	e.Spread = lit
	return e
}

// neverTrue reports whether the condition e, a function literal or a
// function of the package, answers false on every return: a RetryIf that
// retries nothing.
func (s Scope) neverTrue(e ast.Expr) bool {
	var body *ast.BlockStmt
	switch e := ast.Unparen(e).(type) {
	case *ast.FuncLit:
		body = e.Body
	case *ast.Ident:
		if fn, ok := s.Info.Uses[e].(*types.Func); ok {
			if fd := s.declOf(fn); fd != nil {
				body = fd.Body
			}
		}
	}
	if body == nil {
		return false
	}
	never := true
	flow.ReturnsOf(body, func(r *ast.ReturnStmt) {
		if len(r.Results) != 1 {
			never = false
			return
		}
		tv, ok := s.Info.Types[r.Results[0]]
		if !ok || tv.Value == nil || tv.Value.Kind() != constant.Bool || constant.BoolVal(tv.Value) {
			never = false
		}
	})
	return never
}
