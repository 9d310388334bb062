// Package goretry is github.com/sethvargo/go-retry: a Backoff made by
// NewConstant, NewExponential or NewFibonacci never stops; only
// WithMaxRetries and WithMaxDuration bound it.
package goretry

import (
	"context"
	"net/http"
	"time"

	"github.com/sethvargo/go-retry"
)

func get(ctx context.Context, url string) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		return err
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return retry.RetryableError(err)
	}
	return resp.Body.Close()
}

func forever(url string) error {
	b := retry.WithCappedDuration(10*time.Second, retry.NewExponential(time.Second))
	return retry.Do(context.Background(), b, func(ctx context.Context) error { // want `per-attempt timeout inside retry.Do with context.Background\(\) and a Backoff that never stops`
		ctx, cancel := context.WithTimeout(ctx, 2*time.Second)
		defer cancel()
		return get(ctx, url)
	})
}

func shorthand(url string) error {
	return retry.Fibonacci(context.TODO(), time.Second, func(ctx context.Context) error { // want `per-attempt timeout inside retry.Fibonacci`
		ctx, cancel := context.WithTimeout(ctx, 5*time.Second)
		defer cancel()
		return get(ctx, url)
	})
}

func shorthandBackground(ctx context.Context, url string) error {
	return retry.Constant(context.Background(), time.Second, func(context.Context) error { // want `go-retry Constant is given context.Background\(\) instead of ctx`
		return get(ctx, url)
	})
}

// ---- must stay silent ----

func maxDuration(url string) error {
	b := retry.WithMaxDuration(time.Minute, retry.NewExponential(time.Second))
	return retry.Do(context.Background(), b, func(ctx context.Context) error {
		ctx, cancel := context.WithTimeout(ctx, 2*time.Second)
		defer cancel()
		return get(ctx, url)
	})
}

func maxRetries(url string) error {
	b := retry.NewExponential(time.Second)
	b = retry.WithMaxRetries(4, b)
	return retry.Do(context.Background(), b, func(ctx context.Context) error {
		ctx, cancel := context.WithTimeout(ctx, 2*time.Second)
		defer cancel()
		return get(ctx, url)
	})
}

// The caller's context bounds the retry, as for loops.
func callerBound(ctx context.Context, url string) error {
	return retry.Do(ctx, retry.NewExponential(time.Second), func(ctx context.Context) error {
		ctx, cancel := context.WithTimeout(ctx, 2*time.Second)
		defer cancel()
		return get(ctx, url)
	})
}

// No per-attempt timeout: each attempt is the client's.
func noTimeout(url string) error {
	return retry.Do(context.Background(), retry.NewExponential(time.Second), func(ctx context.Context) error {
		return get(ctx, url)
	})
}

// A Backoff from elsewhere is not judged.
func fromCaller(b retry.Backoff, url string) error {
	return retry.Do(context.Background(), b, func(ctx context.Context) error {
		ctx, cancel := context.WithTimeout(ctx, 2*time.Second)
		defer cancel()
		return get(ctx, url)
	})
}
