// Package funcvalue posts through retry libraries that retrylint does not
// name: their retry functions are learned from their source, as any
// project's own retry helper is. (retry-go v3 and cenkalti/backoff v2 and
// v3, first probed here, are now modelled by name: see the libs module.)
package funcvalue

import (
	"bytes"
	"context"
	"crypto/rand"
	"fmt"
	"net/http"
	"time"

	rican "github.com/Rican7/retry"
	"github.com/Rican7/retry/strategy"
	"github.com/eapache/go-resiliency/retrier"
	lbackoff "github.com/lestrrat-go/backoff/v2"
	"github.com/matryer/try"
)

const url = "https://api.example.com/orders"

func send(ctx context.Context, method string, body []byte, key string) error {
	req, err := http.NewRequestWithContext(ctx, method, url, bytes.NewReader(body))
	if err != nil {
		return err
	}
	if key != "" {
		req.Header.Set("Idempotency-Key", key)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	if resp.StatusCode >= 500 {
		return fmt.Errorf("status %d", resp.StatusCode)
	}
	return nil
}

// do sends req and tells a 5xx as an error.
func do(req *http.Request) error {
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	if resp.StatusCode >= 500 {
		return fmt.Errorf("status %d", resp.StatusCode)
	}
	return nil
}

func order(ctx context.Context, body []byte) *http.Request {
	req, _ := http.NewRequestWithContext(ctx, http.MethodPost, url, bytes.NewReader(body))
	return req
}

func Eapache(ctx context.Context, body []byte) error {
	r := retrier.New(retrier.ExponentialBackoff(5, 100*time.Millisecond), nil)
	return r.RunCtx(ctx, func(ctx context.Context) error { req := order(ctx, body); return do(req) }) // want `POST is retried by RunCtx after a transport error without an idempotency key`
}

func Rican(ctx context.Context, body []byte) error {
	return rican.Retry(func(uint) error { req := order(ctx, body); return do(req) }, strategy.Limit(5)) // want `POST is retried by Retry after a transport error without an idempotency key`
}

func Lestrrat(ctx context.Context, body []byte) error {
	c := lbackoff.Exponential().Start(ctx)
	for lbackoff.Continue(c) {
		req := order(ctx, body)
		if err := do(req); err == nil { // want `POST is retried after a transport error without an idempotency key`
			return nil
		}
	}
	return fmt.Errorf("gave up")
}

func Try(ctx context.Context, body []byte) error {
	return try.Do(func(attempt int) (bool, error) {
		req := order(ctx, body)
		err := do(req) // want `POST is retried by Do after a transport error without an idempotency key`
		return attempt < 5, err
	})
}

// Silent: a GET retried, and a POST whose key is made once, before the
// retry, and sent on every attempt.
func Silent(ctx context.Context, body []byte) error {
	r := retrier.New(retrier.ExponentialBackoff(5, 100*time.Millisecond), nil)
	if err := r.RunCtx(ctx, func(ctx context.Context) error { return send(ctx, http.MethodGet, nil, "") }); err != nil {
		return err
	}
	key := rand.Text()
	if err := rican.Retry(func(uint) error { return send(ctx, http.MethodPost, body, key) }, strategy.Limit(5)); err != nil {
		return err
	}
	return try.Do(func(attempt int) (bool, error) {
		return attempt < 5, send(ctx, http.MethodPost, body, key)
	})
}
