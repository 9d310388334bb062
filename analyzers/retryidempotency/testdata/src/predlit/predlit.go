// Package predlit retries through predicates written as function
// literals: one a function gives a local variable, or one a function of
// the package makes and returns with its state captured.
package predlit

import (
	"bytes"
	"context"
	"errors"
	"net"
	"net/http"
	"time"
)

// RateLimitError is the package's error for a 429: the server refused the
// request.
type RateLimitError struct{ Reset time.Time }

func (e *RateLimitError) Error() string { return "rate limited" }

// send posts body, and hands back the transport error as the client made
// it.
func send(ctx context.Context, body []byte) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, "https://api.example.com/orders", bytes.NewReader(body))
	if err != nil {
		return err
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return err
	}
	resp.Body.Close()
	if resp.StatusCode == http.StatusTooManyRequests {
		return &RateLimitError{Reset: time.Now().Add(time.Second)}
	}
	return nil
}

func wait(ctx context.Context, d time.Duration) error {
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-time.After(d):
		return nil
	}
}

// limited makes a predicate that retries a refused request, at most max
// times, after waiting for the server's reset.
func limited(ctx context.Context, max int) func(error) bool {
	tries := 0
	return func(err error) bool {
		if err == nil || tries >= max {
			return false
		}
		tries++
		var rl *RateLimitError
		if errors.As(err, &rl) {
			return wait(ctx, time.Until(rl.Reset)) == nil
		}
		return false
	}
}

// Silent: the predicate the factory makes retries a refusal only.
func Create(ctx context.Context, body []byte) error {
	for shouldRetry := limited(ctx, 3); ; {
		err := send(ctx, body)
		if !shouldRetry(err) {
			return err
		}
	}
}

// Silent: a literal that retries a refusal only.
func CreateLocal(ctx context.Context, body []byte) error {
	refused := func(err error) bool {
		var rl *RateLimitError
		return errors.As(err, &rl)
	}
	var err error
	for range 3 {
		if err = send(ctx, body); !refused(err) {
			return err
		}
		if err := wait(ctx, time.Second); err != nil {
			return err
		}
	}
	return err
}

// transient makes a predicate that retries every network failure.
func transient(max int) func(error) bool {
	n := 0
	return func(err error) bool {
		n++
		var ne net.Error
		return errors.As(err, &ne) && n <= max
	}
}

// The factory's predicate retries a network failure: the POST may have
// been applied.
func CreateTransient(ctx context.Context, body []byte) error {
	for shouldRetry := transient(3); ; {
		err := send(ctx, body) // want `POST is retried after a transport error without an idempotency key`
		if !shouldRetry(err) {
			return err
		}
		if err := wait(ctx, time.Second); err != nil {
			return err
		}
	}
}

// A literal that retries every failure.
func CreateAny(ctx context.Context, body []byte) error {
	failed := func(err error) bool { return err != nil }
	var err error
	for range 3 {
		var req *http.Request
		req, err = http.NewRequestWithContext(ctx, http.MethodPost, "https://api.example.com/orders", bytes.NewReader(body))
		if err != nil {
			return err
		}
		var resp *http.Response
		if resp, err = http.DefaultClient.Do(req); !failed(err) { // want `POST is retried after a transport error without an idempotency key`
			return resp.Body.Close()
		}
		if err := wait(ctx, time.Second); err != nil {
			return err
		}
	}
	return err
}
