package decorator

import (
	"context"
	"net/http"
	"time"

	"decorator/chain"
)

// Next is the rest of a handler chain, taking the context apart from the
// request.
type Next func(ctx context.Context, req *http.Request) (*http.Response, error)

// RetryHandler re-sends whatever request it is handed through next.
type RetryHandler struct{ Max int }

func (h RetryHandler) Handle(ctx context.Context, req *http.Request, next Next) (*http.Response, error) { // want Handle:"sends\\(param 1\\)" Handle:`resends\(param 1 after a transport error or status 500 while Max > 0\)`
	var resp *http.Response
	var err error
	for i := 0; i <= h.Max; i++ {
		resp, err = next(ctx, req) // want `a request of any method is re-sent after a transport error or status 50[024] without a check of its method or an Idempotency-Key header`
		if err == nil && resp.StatusCode < 500 {
			return resp, nil
		}
		if ctx.Err() != nil {
			break
		}
	}
	return resp, err
}

// WithRetry is a decorator of another package's Doer: the literal it
// returns re-sends its request through the Doer it wraps.
func WithRetry(attempts int, backoff time.Duration) chain.Decorator {
	return func(next chain.Doer) chain.Doer {
		return chain.DoerFunc(func(ctx context.Context, req *http.Request) (*http.Response, error) {
			var resp *http.Response
			var err error
			for i := 0; i < attempts; i++ {
				resp, err = next.Do(ctx, req) // want `a request of any method is re-sent after a transport error without a check of its method or an Idempotency-Key header`
				if err == nil {
					return resp, nil
				}
				select {
				case <-ctx.Done():
					return nil, ctx.Err()
				case <-time.After(backoff):
				}
			}
			return resp, err
		})
	}
}

// SafeRetryHandler retries only requests of an idempotent method.
type SafeRetryHandler struct{ Max int }

func (h SafeRetryHandler) Handle(ctx context.Context, req *http.Request, next Next) (*http.Response, error) { // want Handle:"sends\\(param 1\\)"
	switch req.Method {
	case http.MethodGet, http.MethodHead, http.MethodOptions:
	default:
		return next(ctx, req)
	}
	var resp *http.Response
	var err error
	for i := 0; i <= h.Max; i++ {
		resp, err = next(ctx, req)
		if err == nil && resp.StatusCode < 500 {
			return resp, nil
		}
	}
	return resp, err
}

// WithThrottle retries only a 429 or a 503, a definite refusal.
func WithThrottle(attempts int) chain.Decorator {
	return func(next chain.Doer) chain.Doer {
		return chain.DoerFunc(func(ctx context.Context, req *http.Request) (*http.Response, error) {
			for i := 0; ; i++ {
				resp, err := next.Do(ctx, req)
				if err != nil {
					return nil, err
				}
				if i == attempts || (resp.StatusCode != http.StatusTooManyRequests && resp.StatusCode != http.StatusServiceUnavailable) {
					return resp, nil
				}
				resp.Body.Close()
			}
		})
	}
}

// WithLogging only logs on the way.
func WithLogging(logf func(string, ...any)) chain.Decorator {
	return func(next chain.Doer) chain.Doer {
		return chain.DoerFunc(func(ctx context.Context, req *http.Request) (*http.Response, error) {
			logf("%s %s", req.Method, req.URL)
			return next.Do(ctx, req)
		})
	}
}

// SendAll sends each request once: iteration.
func SendAll(ctx context.Context, d chain.Doer, reqs []*http.Request) error {
	for _, r := range reqs {
		resp, err := d.Do(ctx, r)
		if err != nil {
			return err
		}
		resp.Body.Close()
	}
	return nil
}

// Shadow retries a send of two requests: which one is re-sent is not
// the send's to say.
func Shadow(ctx context.Context, m chain.Mirror, primary, shadow *http.Request) (*http.Response, error) { // want Shadow:"sends\\(param 2\\)"
	var resp *http.Response
	var err error
	for i := 0; i < 3; i++ {
		resp, err = m(ctx, primary, shadow)
		if err == nil {
			return resp, nil
		}
	}
	return resp, err
}
