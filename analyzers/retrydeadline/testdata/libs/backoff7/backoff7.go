// Package backoff7 holds the retrydeadline cases of cenkalti/backoff v7
// (and v6), whose Retry takes the context and options as v5's does.
package backoff7

import (
	"context"
	"net/http"
	"time"

	backoff6 "github.com/cenkalti/backoff/v6"
	"github.com/cenkalti/backoff/v7"
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

func foreverV6(url string) (int, error) {
	return backoff6.Retry(context.Background(), func() (int, error) {
		ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
		defer cancel()
		return get(ctx, url)
	}, backoff6.WithMaxElapsedTime(0)) // want `per-attempt timeout inside backoff.Retry with WithMaxElapsedTime\(0\)`
}

// opNoCtx hands the retry the caller's ctx, but each attempt sends
// without it.
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

// status sends its GET without a context.
func status(c *http.Client, url string) (int, error) {
	resp, err := c.Get(url)
	if err != nil {
		return 0, err
	}
	defer resp.Body.Close()
	return resp.StatusCode, nil
}

// opHelper's attempts go through status, which sends without ctx.
func opHelper(ctx context.Context, c *http.Client, url string) (int, error) {
	return backoff.Retry(ctx, func() (int, error) {
		return status(c, url) // want `attempt sent without ctx, which ends the retry: status sends its request without a context`
	})
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

// defaultBound: v7's WithMaxElapsedTime defaults to 15 minutes.
func defaultBound(url string) (int, error) {
	return backoff.Retry(context.Background(), func() (int, error) {
		ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
		defer cancel()
		return get(ctx, url)
	})
}

func opCtx(ctx context.Context, c *http.Client, url string) (int, error) {
	return backoff6.Retry(ctx, func() (int, error) {
		req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
		if err != nil {
			return 0, backoff6.Permanent(err)
		}
		resp, err := c.Do(req)
		if err != nil {
			return 0, err
		}
		defer resp.Body.Close()
		return resp.StatusCode, nil
	})
}
