// Package clientparam retries sends through a client that its callers
// hand in: the Timeout of the clients they build bounds each attempt.
package clientparam

import (
	"context"
	"net/http"
	"time"
)

// fetch gets url through the caller's client, three attempts.
func fetch(ctx context.Context, c *http.Client, url string) (*http.Response, error) {
	var lastErr error
	for i := 0; i < 3; i++ {
		req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
		if err != nil {
			return nil, err
		}
		resp, err := c.Do(req) // want `per-attempt timeout \(http.Client.Timeout\) inside retry loop but no overall deadline`
		if err == nil {
			return resp, nil
		}
		lastErr = err
		select {
		case <-ctx.Done():
			return nil, ctx.Err()
		case <-time.After(time.Second):
		}
	}
	return nil, lastErr
}

func status(ctx context.Context) error {
	c := &http.Client{Timeout: 10 * time.Second}
	resp, err := fetch(ctx, c, "https://example.com/status")
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// fetchPlain's callers hand it only clients without a Timeout: no
// per-attempt timeout to multiply. Silent.
func fetchPlain(ctx context.Context, c *http.Client, url string) (*http.Response, error) {
	var lastErr error
	for i := 0; i < 3; i++ {
		req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
		if err != nil {
			return nil, err
		}
		resp, err := c.Do(req)
		if err == nil {
			return resp, nil
		}
		lastErr = err
		select {
		case <-ctx.Done():
			return nil, ctx.Err()
		case <-time.After(time.Second):
		}
	}
	return nil, lastErr
}

func plainStatus(ctx context.Context) error {
	resp, err := fetchPlain(ctx, http.DefaultClient, "https://example.com/status")
	if err != nil {
		return err
	}
	return resp.Body.Close()
}
