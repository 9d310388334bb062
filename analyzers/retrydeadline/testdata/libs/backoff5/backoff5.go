package backoff5

import (
	"context"
	"net/http"
	"time"

	"github.com/cenkalti/backoff/v5"
	retry "github.com/sethvargo/go-retry"
)

func get(ctx context.Context, url string) (int, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		return 0, err
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return 0, err
	}
	defer resp.Body.Close()
	return resp.StatusCode, nil
}

func background(ctx context.Context, url string) (int, error) {
	return backoff.Retry(context.Background(), func() (int, error) { return get(ctx, url) }) // want `backoff Retry is given context.Background\(\) instead of ctx`
}

func forever(url string) (int, error) {
	return backoff.Retry(context.Background(), func() (int, error) {
		ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
		defer cancel()
		return get(ctx, url)
	}, backoff.WithMaxElapsedTime(0)) // want `per-attempt timeout inside backoff.Retry with WithMaxElapsedTime\(0\)`
}

func goRetry(ctx context.Context, url string) error {
	b := retry.WithMaxRetries(3, retry.NewExponential(time.Second))
	return retry.Do(context.TODO(), b, func(context.Context) error { // want `go-retry Do is given context.TODO\(\) instead of ctx`
		_, err := get(ctx, url)
		return err
	})
}

func todo(req *http.Request) (int, error) {
	return backoff.Retry(context.TODO(), func() (int, error) { return get(req.Context(), req.URL.String()) }, backoff.WithMaxTries(3)) // want `backoff Retry is given context.TODO\(\) instead of req.Context\(\)`
}

// ---- must stay silent ----

func passed(ctx context.Context, url string) (int, error) {
	return backoff.Retry(ctx, func() (int, error) { return get(ctx, url) })
}

func bounded(url string) (int, error) {
	return backoff.Retry(context.Background(), func() (int, error) {
		ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
		defer cancel()
		return get(ctx, url)
	}, backoff.WithMaxElapsedTime(0), backoff.WithMaxTries(4))
}

// callerBound: the caller's context bounds the retry, as for loops.
func callerBound(ctx context.Context, url string) (int, error) {
	return backoff.Retry(ctx, func() (int, error) {
		ctx, cancel := context.WithTimeout(ctx, 2*time.Second)
		defer cancel()
		return get(ctx, url)
	}, backoff.WithMaxElapsedTime(0))
}

func defaultBound(url string) (int, error) {
	return backoff.Retry(context.Background(), func() (int, error) {
		ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
		defer cancel()
		return get(ctx, url)
	})
}

func goRetryPassed(ctx context.Context, url string) error {
	b := retry.WithMaxRetries(3, retry.NewExponential(time.Second))
	return retry.Do(ctx, b, func(ctx context.Context) error {
		_, err := get(ctx, url)
		return err
	})
}

// opNoCtx hands the retry the caller's ctx, but each attempt sends
// without it: an attempt in flight outlives ctx, which Retry checks only
// between attempts.
func opNoCtx(ctx context.Context, c *http.Client, url string) (int, error) {
	return backoff.Retry(ctx, func() (int, error) {
		resp, err := c.Get(url) // want `attempt sent without ctx, which ends the retry`
		if err != nil {
			return 0, err
		}
		defer resp.Body.Close()
		return resp.StatusCode, nil
	})
}

// opCtx's attempts carry the context the retry is handed: silent.
func opCtx(ctx context.Context, c *http.Client, url string) (int, error) {
	return backoff.Retry(ctx, func() (int, error) {
		req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
		if err != nil {
			return 0, backoff.Permanent(err)
		}
		resp, err := c.Do(req)
		if err != nil {
			return 0, err
		}
		defer resp.Body.Close()
		return resp.StatusCode, nil
	})
}
