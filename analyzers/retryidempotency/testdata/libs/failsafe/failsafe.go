// Package failsafe is github.com/failsafe-go/failsafe-go as callers use
// it: an operation run by an Executor whose retry policy handles every
// error (the default of retrypolicy.NewBuilder) is called again after a
// transport error.
package failsafe

import (
	"bytes"
	"context"
	"net/http"
	"time"

	"github.com/failsafe-go/failsafe-go"
	"github.com/failsafe-go/failsafe-go/failsafehttp"
	"github.com/failsafe-go/failsafe-go/retrypolicy"
	"github.com/failsafe-go/failsafe-go/timeout"
	"github.com/google/uuid"
)

func post(ctx context.Context, body []byte) (*http.Response, error) {
	rp := retrypolicy.NewBuilder[*http.Response]().WithMaxRetries(3).WithDelay(time.Second).Build()
	return failsafe.With(rp).WithContext(ctx).Get(func() (*http.Response, error) {
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, "https://api.example.com/charges", bytes.NewReader(body))
		if err != nil {
			return nil, err
		}
		resp, err := http.DefaultClient.Do(req) // want `POST is retried by failsafe Executor.Get after a transport error without an idempotency key`
		return resp, err
	})
}

var retries = failsafehttp.NewRetryPolicyBuilder().WithMaxRetries(5).Build()

func freshKey(ctx context.Context, body []byte) error {
	executor := failsafe.With(retries)
	return executor.WithContext(ctx).Run(func() error {
		req, err := http.NewRequestWithContext(ctx, http.MethodPatch, "https://api.example.com/charges/1", bytes.NewReader(body))
		if err != nil {
			return err
		}
		req.Header.Set("Idempotency-Key", uuid.NewString()) // want `PATCH is retried by failsafe Executor.Run after a transport error with an idempotency key made anew for each attempt`
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			return err
		}
		return resp.Body.Close()
	})
}

// failsafehttp's request re-sends the same *http.Request on every attempt.
func viaRequest(ctx context.Context, client *http.Client, body []byte) (*http.Response, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, "https://api.example.com/charges", bytes.NewReader(body))
	if err != nil {
		return nil, err
	}
	fr := failsafehttp.NewRequest(req, client, retries)
	return fr.Do() // want `POST is sent by failsafehttp.Request.Do under a retry policy that retries transport errors`
}

// ---- must stay silent ----

func viaRequestKeyed(ctx context.Context, client *http.Client, body []byte, key string) (*http.Response, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, "https://api.example.com/charges", bytes.NewReader(body))
	if err != nil {
		return nil, err
	}
	req.Header.Set("Idempotency-Key", key)
	return failsafehttp.NewRequest(req, client, retries).Do()
}

func viaRequestGet(ctx context.Context, client *http.Client) (*http.Response, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, "https://api.example.com/charges", nil)
	if err != nil {
		return nil, err
	}
	return failsafehttp.NewRequest(req, client, retries).Do()
}

func keyOutside(ctx context.Context, body []byte) (*http.Response, error) {
	key := uuid.NewString()
	rp := retrypolicy.NewBuilder[*http.Response]().WithMaxRetries(3).Build()
	return failsafe.With(rp).WithContext(ctx).Get(func() (*http.Response, error) {
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, "https://api.example.com/charges", bytes.NewReader(body))
		if err != nil {
			return nil, err
		}
		req.Header.Set("Idempotency-Key", key)
		return http.DefaultClient.Do(req)
	})
}

// HandleIf replaces the default handling of every error: the caller's
// predicate is not judged.
func handled(ctx context.Context, body []byte) (*http.Response, error) {
	rp := retrypolicy.NewBuilder[*http.Response]().
		HandleIf(func(resp *http.Response, err error) bool {
			return resp != nil && resp.StatusCode == http.StatusTooManyRequests
		}).
		Build()
	return failsafe.With(rp).WithContext(ctx).Get(func() (*http.Response, error) {
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, "https://api.example.com/charges", bytes.NewReader(body))
		if err != nil {
			return nil, err
		}
		return http.DefaultClient.Do(req)
	})
}

// A timeout retries nothing.
func timeoutOnly(ctx context.Context, body []byte) (*http.Response, error) {
	return failsafe.With(timeout.New[*http.Response](10 * time.Second)).WithContext(ctx).Get(func() (*http.Response, error) {
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, "https://api.example.com/charges", bytes.NewReader(body))
		if err != nil {
			return nil, err
		}
		return http.DefaultClient.Do(req)
	})
}

func noRetries(ctx context.Context, body []byte) (*http.Response, error) {
	rp := retrypolicy.NewBuilder[*http.Response]().WithMaxAttempts(1).Build()
	return failsafe.With(rp).WithContext(ctx).Get(func() (*http.Response, error) {
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, "https://api.example.com/charges", bytes.NewReader(body))
		if err != nil {
			return nil, err
		}
		return http.DefaultClient.Do(req)
	})
}

func get(ctx context.Context) (*http.Response, error) {
	return failsafe.With(retries).WithContext(ctx).Get(func() (*http.Response, error) {
		req, err := http.NewRequestWithContext(ctx, http.MethodGet, "https://api.example.com/charges", nil)
		if err != nil {
			return nil, err
		}
		return http.DefaultClient.Do(req)
	})
}
