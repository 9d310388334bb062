package ops

import (
	"bytes"
	"context"
	"net/http"

	"github.com/avast/retry-go/v4"
	"github.com/cenkalti/backoff/v4"
	backoff5 "github.com/cenkalti/backoff/v5"
	"github.com/google/uuid"
)

func post(ctx context.Context, body []byte) error {
	return backoff.Retry(func() error {
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, "https://api.example.com/charges", bytes.NewReader(body))
		if err != nil {
			return backoff.Permanent(err)
		}
		resp, err := http.DefaultClient.Do(req) // want `POST is retried by backoff.Retry after a transport error without an idempotency key`
		if err != nil {
			return err
		}
		return resp.Body.Close()
	}, backoff.WithContext(backoff.NewExponentialBackOff(), ctx))
}

func freshKey(ctx context.Context, body []byte) error {
	return retry.Do(func() error {
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, "https://api.example.com/charges", bytes.NewReader(body))
		if err != nil {
			return err
		}
		req.Header.Set("Idempotency-Key", uuid.NewString()) // want `is retried by retry.Do after a transport error with an idempotency key made anew for each attempt`
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			return err
		}
		return resp.Body.Close()
	}, retry.Context(ctx))
}

func v5(ctx context.Context, body []byte) (int, error) {
	return backoff5.Retry(ctx, func() (int, error) {
		req, err := http.NewRequestWithContext(ctx, http.MethodPatch, "https://api.example.com/charges/1", bytes.NewReader(body))
		if err != nil {
			return 0, backoff5.Permanent(err)
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

func keyOutside(ctx context.Context, body []byte) error {
	key := uuid.NewString()
	return backoff.Retry(func() error {
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, "https://api.example.com/charges", bytes.NewReader(body))
		if err != nil {
			return backoff.Permanent(err)
		}
		req.Header.Set("Idempotency-Key", key)
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			return err
		}
		return resp.Body.Close()
	}, backoff.WithContext(backoff.NewExponentialBackOff(), ctx))
}

func permanent(ctx context.Context, body []byte) error {
	return backoff.Retry(func() error {
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, "https://api.example.com/charges", bytes.NewReader(body))
		if err != nil {
			return backoff.Permanent(err)
		}
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			return backoff.Permanent(err) // an unknown outcome stops the retry
		}
		return resp.Body.Close()
	}, backoff.WithContext(backoff.NewExponentialBackOff(), ctx))
}

func get(ctx context.Context) error {
	return retry.Do(func() error {
		req, err := http.NewRequestWithContext(ctx, http.MethodGet, "https://api.example.com/charges", nil)
		if err != nil {
			return err
		}
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			return err
		}
		return resp.Body.Close()
	}, retry.Context(ctx))
}

func retryIf(ctx context.Context, body []byte) error {
	return retry.Do(func() error {
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, "https://api.example.com/charges", bytes.NewReader(body))
		if err != nil {
			return err
		}
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			return err
		}
		return resp.Body.Close()
	}, retry.Context(ctx), retry.RetryIf(func(err error) bool { return false }))
}
