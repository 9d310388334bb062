// Package ops7 holds the retryidempotency cases of cenkalti/backoff v7
// (and v6), whose Retry(ctx, op, opts...) is v5's.
package ops7

import (
	"bytes"
	"context"
	"net/http"

	backoff6 "github.com/cenkalti/backoff/v6"
	"github.com/cenkalti/backoff/v7"
)

func charge(ctx context.Context, body []byte) (int, error) {
	return backoff.Retry(ctx, func() (int, error) {
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, "https://api.example.com/charges", bytes.NewReader(body))
		if err != nil {
			return 0, backoff.Permanent(err)
		}
		resp, err := http.DefaultClient.Do(req) // want `POST is retried by backoff.Retry after a transport error`
		if err != nil {
			return 0, err
		}
		defer resp.Body.Close()
		return resp.StatusCode, nil
	}, backoff.WithMaxTries(5))
}

func update(ctx context.Context, body []byte) (int, error) {
	return backoff6.Retry(ctx, func() (int, error) {
		req, err := http.NewRequestWithContext(ctx, http.MethodPatch, "https://api.example.com/charges/1", bytes.NewReader(body))
		if err != nil {
			return 0, backoff6.Permanent(err)
		}
		resp, err := http.DefaultClient.Do(req) // want `PATCH is retried by backoff.Retry after a transport error`
		if err != nil {
			return 0, err
		}
		defer resp.Body.Close()
		return resp.StatusCode, nil
	})
}

// ---- must stay silent ----

// keyed sets one key, made before the retry, on every attempt.
func keyed(ctx context.Context, body []byte, key string) (int, error) {
	return backoff.Retry(ctx, func() (int, error) {
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, "https://api.example.com/charges", bytes.NewReader(body))
		if err != nil {
			return 0, backoff.Permanent(err)
		}
		req.Header.Set("Idempotency-Key", key)
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			return 0, err
		}
		defer resp.Body.Close()
		return resp.StatusCode, nil
	})
}

// once runs the operation a single time.
func once(ctx context.Context, body []byte) (int, error) {
	return backoff.Retry(ctx, func() (int, error) {
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, "https://api.example.com/charges", bytes.NewReader(body))
		if err != nil {
			return 0, backoff.Permanent(err)
		}
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			return 0, err
		}
		defer resp.Body.Close()
		return resp.StatusCode, nil
	}, backoff.WithMaxTries(1))
}

// fetch retries a GET.
func fetch(ctx context.Context) (int, error) {
	return backoff.Retry(ctx, func() (int, error) {
		req, err := http.NewRequestWithContext(ctx, http.MethodGet, "https://api.example.com/charges", nil)
		if err != nil {
			return 0, backoff.Permanent(err)
		}
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			return 0, err
		}
		defer resp.Body.Close()
		return resp.StatusCode, nil
	})
}

// permanentOnError stops on a transport error: no unknown outcome is
// retried.
func permanentOnError(ctx context.Context, body []byte) (int, error) {
	return backoff.Retry(ctx, func() (int, error) {
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, "https://api.example.com/charges", bytes.NewReader(body))
		if err != nil {
			return 0, backoff.Permanent(err)
		}
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			return 0, backoff.Permanent(err)
		}
		defer resp.Body.Close()
		if resp.StatusCode == http.StatusTooManyRequests {
			return 0, backoff.RetryAfter(0, errRateLimited)
		}
		return resp.StatusCode, nil
	})
}

type rateLimited struct{}

func (rateLimited) Error() string { return "rate limited" }

var errRateLimited error = rateLimited{}
