// Package ops3 retries writes with the older major versions of two
// libraries: retry-go v3 on its module-less path and cenkalti/backoff v3,
// modelled as their v4.
package ops3

import (
	"bytes"
	"context"
	"crypto/rand"
	"net/http"

	"github.com/avast/retry-go"
	"github.com/cenkalti/backoff/v3"
)

func charge(ctx context.Context, body []byte) error {
	return retry.Do(func() error {
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, "https://api.example.com/charges", bytes.NewReader(body))
		if err != nil {
			return retry.Unrecoverable(err)
		}
		resp, err := http.DefaultClient.Do(req) // want `POST is retried by retry.Do after a transport error without an idempotency key`
		if err != nil {
			return err
		}
		return resp.Body.Close()
	}, retry.Attempts(3), retry.Context(ctx))
}

func patch(ctx context.Context, body []byte) error {
	return backoff.Retry(func() error {
		req, err := http.NewRequestWithContext(ctx, http.MethodPatch, "https://api.example.com/charges/1", bytes.NewReader(body))
		if err != nil {
			return backoff.Permanent(err)
		}
		resp, err := http.DefaultClient.Do(req) // want `PATCH is retried by backoff.Retry after a transport error without an idempotency key`
		if err != nil {
			return err
		}
		return resp.Body.Close()
	}, backoff.WithContext(backoff.NewExponentialBackOff(), ctx))
}

// ---- must stay silent ----

// keyed sets one key, made before the retry, on every attempt.
func keyed(ctx context.Context, body []byte) error {
	key := rand.Text()
	return retry.Do(func() error {
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, "https://api.example.com/charges", bytes.NewReader(body))
		if err != nil {
			return retry.Unrecoverable(err)
		}
		req.Header.Set("Idempotency-Key", key)
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			return err
		}
		return resp.Body.Close()
	}, retry.Context(ctx))
}

// once: a back-off that stops at the first failure makes no retry.
func once(ctx context.Context, body []byte) error {
	return backoff.Retry(func() error {
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, "https://api.example.com/charges", bytes.NewReader(body))
		if err != nil {
			return backoff.Permanent(err)
		}
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			return err
		}
		return resp.Body.Close()
	}, &backoff.StopBackOff{})
}
