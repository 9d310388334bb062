package decorator

import (
	"context"
	"net/http"

	"decorator/chain"
)

// Call is a request of the package with its retry budget.
type Call struct {
	*http.Request
	Attempts int
}

// Caller sends a Call's request under each call's context: the copy
// WithContext makes has the request's method and header.
type Caller struct{ HC *http.Client }

func (c *Caller) Send(ctx context.Context, call *Call) (*http.Response, error) {
	var resp *http.Response
	var err error
	for i := 0; i < call.Attempts; i++ {
		resp, err = c.HC.Do(call.Request.WithContext(ctx)) // want `a request of any method is re-sent after a transport error or status 50[024] without a check of its method or an Idempotency-Key header`
		if err == nil && resp.StatusCode != http.StatusBadGateway {
			return resp, nil
		}
	}
	return resp, err
}

// SendGet retries only a GET.
func (c *Caller) SendGet(ctx context.Context, call *Call) (*http.Response, error) {
	if call.Method != http.MethodGet {
		return c.HC.Do(call.Request.WithContext(ctx))
	}
	var resp *http.Response
	var err error
	for i := 0; i < call.Attempts; i++ {
		resp, err = c.HC.Do(call.Request.WithContext(ctx))
		if err == nil && resp.StatusCode != http.StatusBadGateway {
			return resp, nil
		}
	}
	return resp, err
}

// withGoto goes back to the send with a goto.
func withGoto(next chain.Doer) chain.Doer {
	return chain.DoerFunc(func(ctx context.Context, req *http.Request) (*http.Response, error) {
		tries := 0
	again:
		resp, err := next.Do(ctx, req) // want `a request of any method is re-sent after a transport error without a check of its method or an Idempotency-Key header`
		if err != nil && tries < 3 && ctx.Err() == nil {
			tries++
			goto again
		}
		return resp, err
	})
}

// withThrottleGoto goes back only after a 429.
func withThrottleGoto(next chain.Doer) chain.Doer {
	return chain.DoerFunc(func(ctx context.Context, req *http.Request) (*http.Response, error) {
		tries := 0
	again:
		resp, err := next.Do(ctx, req)
		if err == nil && resp.StatusCode == http.StatusTooManyRequests && tries < 3 {
			resp.Body.Close()
			tries++
			goto again
		}
		return resp, err
	})
}
