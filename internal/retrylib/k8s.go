package retrylib

// Kubernetes' retry functions (k8s.io/apimachinery/pkg/util/wait and
// k8s.io/client-go/util/retry, v0.37.2) are retry helpers whose model is
// known in advance: they call a condition func() (done bool, err error)
// (or its context-taking form) until it returns done or an error, and
// call it again when it returns (false, nil). The analyzers judge the
// condition as they judge an operation handed to a helper of the code's
// own (see retryloop). The model, with its source lines, is in
// docs/libraries.md.

import (
	"go/types"
)

// Import paths of Kubernetes' retry packages.
const (
	K8sWait  = "k8s.io/apimachinery/pkg/util/wait"
	K8sRetry = "k8s.io/client-go/util/retry"
)

// A Helper is a library function that retries an operation it is given.
type Helper struct {
	// Op is the index of the operation argument, Ctx that of the context
	// argument (-1 when there is none).
	Op, Ctx int
	// Cond: the operation is a condition, called again when it returns
	// (false, nil); ErrStops: an error it returns ends the retry.
	Cond, ErrStops bool
	// Bounded: the number of attempts is limited (wait.Backoff's Steps);
	// TimeBound: the whole retry is limited in time (a timeout argument).
	Bounded, TimeBound bool
	// Blind: the wait between attempts ends with no context of the
	// caller's (time.Sleep, or context.Background()). WithContext is then
	// the function of the same package that does the same with a wait
	// that ends with the context passed first, and Args how its arguments
	// are made from the call's: an index, or ArgCtx, ArgFalse, ArgTrue;
	// the operation (at Op) is passed as a context-taking condition.
	Blind       bool
	WithContext string
	Args        []int
}

// Arguments of a WithContext call that are not the call's own.
const (
	ArgCtx   = -1 // the caller's context
	ArgFalse = -2 // the constant false
	ArgTrue  = -3 // the constant true
)

type k8sFunc struct {
	path, recv, name string
	h                Helper
}

var k8sFuncs = []k8sFunc{
	// backoff.go:475-489: Steps attempts, time.Sleep between them.
	{path: K8sWait, name: "ExponentialBackoff", h: Helper{Op: 1, Ctx: -1, Cond: true, ErrStops: true, Bounded: true,
		Blind: true, WithContext: "ExponentialBackoffWithContext", Args: []int{ArgCtx, 0, 1}}},
	// backoff.go:493-518: the same, waits select on ctx.
	{path: K8sWait, name: "ExponentialBackoffWithContext", h: Helper{Op: 2, Ctx: 0, Cond: true, ErrStops: true, Bounded: true}},
	// poll.go:32-49, loop.go:37-95: waits select on ctx; the timeout
	// variant bounds the whole poll.
	{path: K8sWait, name: "PollUntilContextCancel", h: Helper{Op: 3, Ctx: 0, Cond: true, ErrStops: true}},
	{path: K8sWait, name: "PollUntilContextTimeout", h: Helper{Op: 4, Ctx: 0, Cond: true, ErrStops: true, TimeBound: true}},
	// poll.go:65-230, 243-262: the legacy polls; those without a
	// context poll under context.Background().
	{path: K8sWait, name: "Poll", h: Helper{Op: 2, Ctx: -1, Cond: true, ErrStops: true, TimeBound: true}},
	{path: K8sWait, name: "PollImmediate", h: Helper{Op: 2, Ctx: -1, Cond: true, ErrStops: true, TimeBound: true}},
	{path: K8sWait, name: "PollWithContext", h: Helper{Op: 3, Ctx: 0, Cond: true, ErrStops: true, TimeBound: true}},
	{path: K8sWait, name: "PollImmediateWithContext", h: Helper{Op: 3, Ctx: 0, Cond: true, ErrStops: true, TimeBound: true}},
	{path: K8sWait, name: "PollInfinite", h: Helper{Op: 1, Ctx: -1, Cond: true, ErrStops: true}},
	{path: K8sWait, name: "PollImmediateInfinite", h: Helper{Op: 1, Ctx: -1, Cond: true, ErrStops: true}},
	{path: K8sWait, name: "PollInfiniteWithContext", h: Helper{Op: 2, Ctx: 0, Cond: true, ErrStops: true}},
	{path: K8sWait, name: "PollImmediateInfiniteWithContext", h: Helper{Op: 2, Ctx: 0, Cond: true, ErrStops: true}},
	{path: K8sWait, name: "PollUntil", h: Helper{Op: 1, Ctx: -1, Cond: true, ErrStops: true}},
	{path: K8sWait, name: "PollImmediateUntil", h: Helper{Op: 1, Ctx: -1, Cond: true, ErrStops: true}},
	{path: K8sWait, name: "PollUntilWithContext", h: Helper{Op: 2, Ctx: 0, Cond: true, ErrStops: true}},
	{path: K8sWait, name: "PollImmediateUntilWithContext", h: Helper{Op: 2, Ctx: 0, Cond: true, ErrStops: true}},
	// delay.go:38-40: a DelayFunc's loop, waits select on ctx.
	{path: K8sWait, recv: "DelayFunc", name: "Until", h: Helper{Op: 3, Ctx: 0, Cond: true, ErrStops: true}},
}

// HelperOf returns the model of fn when it is a retry function of a
// library that takes its operation as an argument (Kubernetes' wait
// package). client-go's retry.OnError and RetryOnConflict are not
// listed: they retry only the errors their predicate accepts
// (util.go:70-90; errors.IsConflict for RetryOnConflict, a definite
// rejection), which a transport error is not.
func HelperOf(fn *types.Func) (Helper, bool) {
	if fn == nil || fn.Pkg() == nil || fn.Pkg().Path() != K8sWait {
		return Helper{}, false
	}
	recv := recvName(fn)
	for _, f := range k8sFuncs {
		if f.path == fn.Pkg().Path() && f.recv == recv && f.name == fn.Name() {
			return f.h, true
		}
	}
	return Helper{}, false
}

// PredicateGated reports whether fn is a library retry function that
// retries only the errors a predicate accepts (client-go's retry.OnError,
// util.go:70-90, and RetryOnConflict with errors.IsConflict, a definite
// rejection): its operations are not judged, whatever its own loop looks
// like from source.
func PredicateGated(fn *types.Func) bool {
	return fn != nil && fn.Pkg() != nil && fn.Pkg().Path() == K8sRetry && fn.Signature().Recv() == nil &&
		(fn.Name() == "OnError" || fn.Name() == "RetryOnConflict")
}
