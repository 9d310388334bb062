package ops

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"

	"github.com/avast/retry-go/v4"
	"github.com/cenkalti/backoff/v4"
)

// The operation handed to a retry library is checked as the operation of
// any retry helper: held in a variable, sending through a helper of the
// package, or re-sending a request of any method.

// ---- must flag ----

func opVar(ctx context.Context, body []byte) error {
	operation := func() error {
		resp, err := http.Post("https://api.example.com/charges", "application/json", bytes.NewReader(body)) // want `POST is retried by backoff.Retry after a transport error without an idempotency key`
		if err != nil {
			return err
		}
		return resp.Body.Close()
	}
	return backoff.Retry(operation, backoff.WithContext(backoff.NewExponentialBackOff(), ctx))
}

type notifier struct {
	c   *http.Client
	url string
}

// post sends one notification.
func (n *notifier) post(msg []byte) error {
	resp, err := n.c.Post(n.url, "application/json", bytes.NewReader(msg))
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

func (n *notifier) notify(ctx context.Context, msg []byte) error {
	return retry.Do(func() error { return n.post(msg) }, retry.Context(ctx)) // want `POST is retried by retry.Do after a transport error without an idempotency key \(post sends it\)`
}

// transport re-sends whatever request it is given, its body read once
// before the retry and rewound for each attempt.
type transport struct{ base http.RoundTripper }

func (t *transport) RoundTrip(req *http.Request) (*http.Response, error) {
	var body []byte
	if req.Body != nil {
		body, _ = io.ReadAll(req.Body)
	}
	var resp *http.Response
	err := backoff.Retry(func() error {
		req.Body = io.NopCloser(bytes.NewReader(body))
		var err error
		resp, err = t.base.RoundTrip(req) // want `a request of any method is re-sent by backoff.Retry after a transport error without a check of its method`
		if err != nil {
			return err
		}
		if resp.StatusCode >= 500 {
			resp.Body.Close()
			return fmt.Errorf("server error: %s", resp.Status)
		}
		return nil
	}, backoff.WithContext(backoff.NewExponentialBackOff(), req.Context()))
	return resp, err
}

// The operation only forwards to a closure held in a variable.
func opThunk(ctx context.Context, body []byte) error {
	execute := func() error {
		resp, err := http.Post("https://api.example.com/charges", "application/json", bytes.NewReader(body)) // want `POST is retried by backoff.Retry after a transport error without an idempotency key`
		if err != nil {
			return err
		}
		return resp.Body.Close()
	}
	return backoff.Retry(func() error {
		return execute()
	}, backoff.WithContext(backoff.NewExponentialBackOff(), ctx))
}

// The operation hands back what the closure returns, and keeps the
// error beside.
func opThunkKept(ctx context.Context, body []byte) (last error) {
	execute := func() (int, error) {
		resp, err := http.Post("https://api.example.com/charges", "application/json", bytes.NewReader(body)) // want `POST is retried by backoff.RetryWithData after a transport error without an idempotency key`
		if err != nil {
			return 0, err
		}
		return resp.StatusCode, resp.Body.Close()
	}
	_, err := backoff.RetryWithData(func() (int, error) {
		status, err := execute()
		last = err
		return status, err
	}, backoff.WithContext(backoff.NewExponentialBackOff(), ctx))
	return err
}

// ---- must stay silent ----

// The operation makes the closure's transport error permanent.
func opThunkWrapped(ctx context.Context, body []byte) error {
	execute := func() (int, error) {
		resp, err := http.Post("https://api.example.com/charges", "application/json", bytes.NewReader(body))
		if err != nil {
			return 0, err
		}
		return resp.StatusCode, resp.Body.Close()
	}
	_, err := backoff.RetryWithData(func() (int, error) {
		status, err := execute()
		if err != nil {
			return status, backoff.Permanent(err)
		}
		return status, nil
	}, backoff.WithContext(backoff.NewExponentialBackOff(), ctx))
	return err
}

// The thunk forwards to a closure that gives up on a transport error.
func opThunkPermanent(ctx context.Context, body []byte) error {
	execute := func() error {
		resp, err := http.Post("https://api.example.com/charges", "application/json", bytes.NewReader(body))
		if err != nil {
			return backoff.Permanent(err)
		}
		return resp.Body.Close()
	}
	return backoff.Retry(func() error { return execute() }, backoff.WithContext(backoff.NewExponentialBackOff(), ctx))
}

func opVarPermanent(ctx context.Context, body []byte) error {
	operation := func() error {
		resp, err := http.Post("https://api.example.com/charges", "application/json", bytes.NewReader(body))
		if err != nil {
			return backoff.Permanent(err)
		}
		return resp.Body.Close()
	}
	return backoff.Retry(operation, backoff.WithContext(backoff.NewExponentialBackOff(), ctx))
}

// get sends one read.
func (n *notifier) get() error {
	resp, err := n.c.Get(n.url)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

func (n *notifier) poll(ctx context.Context) error {
	return retry.Do(func() error { return n.get() }, retry.Context(ctx))
}

// safeTransport retries only requests that may be replayed.
type safeTransport struct{ base http.RoundTripper }

func (t *safeTransport) RoundTrip(req *http.Request) (*http.Response, error) { // want RoundTrip:`sends\(param 0\)`
	if req.Method != http.MethodGet && req.Method != http.MethodHead {
		return t.base.RoundTrip(req)
	}
	var resp *http.Response
	err := backoff.Retry(func() error {
		var err error
		resp, err = t.base.RoundTrip(req)
		return err
	}, backoff.WithContext(backoff.NewExponentialBackOff(), req.Context()))
	return resp, err
}

// optsSlice spreads its options from a local slice built here: they are
// read as if written in the call, and none says which errors to retry.
func optsSlice(ctx context.Context, body []byte) error {
	opts := []retry.Option{retry.Context(ctx), retry.Attempts(5)}
	return retry.Do(func() error {
		resp, err := http.Post("https://api.example.com/captures", "application/json", bytes.NewReader(body)) // want `POST is retried by retry.Do after a transport error without an idempotency key`
		if err != nil {
			return err
		}
		return resp.Body.Close()
	}, opts...)
}

// optsSliceCondition: silent, an option appended to the slice decides
// which errors are retried.
func optsSliceCondition(ctx context.Context, body []byte) error {
	opts := []retry.Option{retry.Context(ctx), retry.Attempts(5)}
	opts = append(opts, retry.RetryIf(func(err error) bool { return false }))
	return retry.Do(func() error {
		resp, err := http.Post("https://api.example.com/captures", "application/json", bytes.NewReader(body))
		if err != nil {
			return err
		}
		return resp.Body.Close()
	}, opts...)
}

// optsParam: silent, the caller's options are out of sight.
func optsParam(ctx context.Context, body []byte, opts []retry.Option) error {
	return retry.Do(func() error {
		resp, err := http.Post("https://api.example.com/captures", "application/json", bytes.NewReader(body))
		if err != nil {
			return err
		}
		return resp.Body.Close()
	}, opts...)
}

type apiError struct{ code int }

func (e *apiError) Error() string { return fmt.Sprintf("status %d", e.code) }

// transient retries what the API answered with a server error, and
// anything else: a transport error too.
func transient(err error) bool { // want transient:`predicate\(transport=\? 200=true 201=true 202=true 204=true 500=true 502=true 504=true\)`
	var ae *apiError
	if errors.As(err, &ae) {
		return ae.code >= 500
	}
	return true
}

// throttled retries only what the API refused with 429.
func throttled(err error) bool { // want throttled:`predicate\(transport=\? 200=false 201=false 202=false 204=false 500=false 502=false 504=false\)`
	var ae *apiError
	return errors.As(err, &ae) && ae.code == http.StatusTooManyRequests
}

func postOnce(url string, body []byte) error {
	resp, err := http.Post(url, "application/json", bytes.NewReader(body))
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	if resp.StatusCode >= 400 {
		return &apiError{code: resp.StatusCode}
	}
	return nil
}

// retryIfTransient: the condition retries a transport error.
func retryIfTransient(ctx context.Context, body []byte) error {
	return retry.Do(func() error {
		return postOnce("https://api.example.com/refunds", body) // want `POST is retried by retry.Do after a transport error without an idempotency key`
	}, retry.Context(ctx), retry.RetryIf(transient))
}

// retryIfNetwork: a literal condition that retries network errors.
func retryIfNetwork(ctx context.Context, body []byte) error {
	return retry.Do(func() error {
		resp, err := http.Post("https://api.example.com/refunds", "application/json", bytes.NewReader(body)) // want `POST is retried by retry.Do after a transport error without an idempotency key`
		if err != nil {
			return err
		}
		return resp.Body.Close()
	}, retry.Context(ctx), retry.RetryIf(func(err error) bool {
		var ne net.Error
		return errors.As(err, &ne)
	}))
}

// retryIfThrottled: silent, the condition retries only a refusal.
func retryIfThrottled(ctx context.Context, body []byte) error {
	return retry.Do(func() error {
		return postOnce("https://api.example.com/refunds", body)
	}, retry.Context(ctx), retry.RetryIf(throttled))
}

var errAmbiguous = errors.New("outcome unknown")

// retryIfAmbiguous: silent, the operation answers a transport error with
// an error its condition refuses.
func retryIfAmbiguous(ctx context.Context, body []byte) error {
	return retry.Do(func() error {
		resp, err := http.Post("https://api.example.com/refunds", "application/json", bytes.NewReader(body))
		if err != nil {
			return errAmbiguous
		}
		return resp.Body.Close()
	}, retry.Context(ctx), retry.RetryIf(func(err error) bool { return !errors.Is(err, errAmbiguous) }))
}

// retryIfSometimes: silent, the permissive condition is appended on one
// path only.
func retryIfSometimes(ctx context.Context, body []byte, idempotent bool) error {
	opts := []retry.Option{retry.Context(ctx), retry.RetryIf(throttled)}
	if idempotent {
		opts = append(opts, retry.RetryIf(func(error) bool { return true }))
	}
	return retry.Do(func() error {
		return postOnce("https://api.example.com/refunds", body)
	}, opts...)
}
