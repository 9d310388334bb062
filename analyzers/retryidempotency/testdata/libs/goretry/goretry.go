// Package goretry is github.com/sethvargo/go-retry: only an error the
// operation wraps in retry.RetryableError is retried (retry.go:66-70).
package goretry

import (
	"bytes"
	"context"
	"fmt"
	"net/http"
	"time"

	"github.com/google/uuid"
	"github.com/sethvargo/go-retry"
)

func post(ctx context.Context, body []byte) error {
	return retry.Do(ctx, retry.WithMaxRetries(3, retry.NewExponential(time.Second)), func(ctx context.Context) error {
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, "https://api.example.com/charges", bytes.NewReader(body))
		if err != nil {
			return err
		}
		resp, err := http.DefaultClient.Do(req) // want `POST is retried by retry.Do after a transport error without an idempotency key`
		if err != nil {
			return retry.RetryableError(err)
		}
		return resp.Body.Close()
	})
}

func freshKey(ctx context.Context, body []byte) error {
	b := retry.NewConstant(time.Second)
	b = retry.WithMaxRetries(5, b)
	return retry.Do(ctx, b, func(ctx context.Context) error {
		req, err := http.NewRequestWithContext(ctx, http.MethodPatch, "https://api.example.com/charges/1", bytes.NewReader(body))
		if err != nil {
			return err
		}
		req.Header.Set("Idempotency-Key", uuid.NewString()) // want `is retried by retry.Do after a transport error with an idempotency key made anew for each attempt`
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			return retry.RetryableError(err)
		}
		return resp.Body.Close()
	})
}

// ---- must stay silent ----

// The transport error is returned as it is: go-retry stops on it.
func notRetryable(ctx context.Context, body []byte) error {
	return retry.Do(ctx, retry.WithMaxRetries(3, retry.NewExponential(time.Second)), func(ctx context.Context) error {
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, "https://api.example.com/charges", bytes.NewReader(body))
		if err != nil {
			return err
		}
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			return err
		}
		defer resp.Body.Close()
		if resp.StatusCode == http.StatusTooManyRequests {
			return retry.RetryableError(errTooMany)
		}
		return nil
	})
}

func keyOutside(ctx context.Context, body []byte) error {
	key := uuid.NewString()
	return retry.Do(ctx, retry.WithMaxRetries(3, retry.NewExponential(time.Second)), func(ctx context.Context) error {
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, "https://api.example.com/charges", bytes.NewReader(body))
		if err != nil {
			return err
		}
		req.Header.Set("Idempotency-Key", key)
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			return retry.RetryableError(err)
		}
		return resp.Body.Close()
	})
}

func get(ctx context.Context) error {
	return retry.Do(ctx, retry.WithMaxRetries(3, retry.NewExponential(time.Second)), func(ctx context.Context) error {
		req, err := http.NewRequestWithContext(ctx, http.MethodGet, "https://api.example.com/charges", nil)
		if err != nil {
			return err
		}
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			return retry.RetryableError(err)
		}
		return resp.Body.Close()
	})
}

type tooMany struct{}

func (tooMany) Error() string { return "too many requests" }

var errTooMany error = tooMany{}

// classify answers the send's outcome: a transport error and a server
// error are worth another attempt.
func classify(resp *http.Response, err error) error {
	if err != nil {
		return retry.RetryableError(err)
	}
	defer resp.Body.Close()
	if resp.StatusCode >= 500 {
		return retry.RetryableError(fmt.Errorf("status %d", resp.StatusCode))
	}
	return nil
}

// settle answers a transport error as final: only a refusal is retried.
func settle(resp *http.Response, err error) error {
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	if resp.StatusCode == http.StatusTooManyRequests {
		return retry.RetryableError(fmt.Errorf("status %d", resp.StatusCode))
	}
	return nil
}

// classified hands the outcome to a function that marks a transport
// error retryable: reported.
func classified(ctx context.Context, body []byte) error {
	return retry.Do(ctx, retry.WithMaxRetries(3, retry.NewExponential(time.Second)), func(ctx context.Context) error {
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, "https://api.example.com/charges", bytes.NewReader(body))
		if err != nil {
			return err
		}
		resp, err := http.DefaultClient.Do(req) // want `POST is retried by retry.Do after a transport error without an idempotency key`
		return classify(resp, err)
	})
}

// settled hands it to one that retries only a refusal: silent.
func settled(ctx context.Context, body []byte) error {
	return retry.Do(ctx, retry.WithMaxRetries(3, retry.NewExponential(time.Second)), func(ctx context.Context) error {
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, "https://api.example.com/charges", bytes.NewReader(body))
		if err != nil {
			return err
		}
		resp, err := http.DefaultClient.Do(req)
		return settle(resp, err)
	})
}
