// Package rootctx retries a request made in the loop with
// context.Background(), through a client whose Timeout bounds each
// attempt: the deadline over the attempts derives from the same root
// context, made once before the loop.
package rootctx

import (
	"context"
	"errors"
	"net/http"
	"time"
)

type Client struct {
	hc      *http.Client
	retries int
}

func New() *Client {
	return &Client{hc: &http.Client{Timeout: 30 * time.Second}, retries: 3}
}

func (c *Client) Token() (string, error) {
	var lastErr error
	for i := 0; i < c.retries; i++ {
		req, _ := http.NewRequestWithContext(context.Background(), http.MethodGet, "https://auth.example.com/token", nil)
		resp, err := c.hc.Do(req) // want `per-attempt timeout \(http.Client.Timeout\) inside retry loop but no overall deadline`
		if err == nil && resp.StatusCode == http.StatusOK {
			resp.Body.Close()
			return "t", nil
		}
		lastErr = err
		time.Sleep(2 * time.Second)
	}
	return "", lastErr
}

// Silent: one deadline over every attempt and wait, made before the loop.
func (c *Client) TokenBounded() (string, error) { // want TokenBounded:`owntimeout\(2m0s\)`
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	lastErr := errors.New("no attempt")
	for i := 0; i < c.retries; i++ {
		req, _ := http.NewRequestWithContext(ctx, http.MethodGet, "https://auth.example.com/token", nil)
		resp, err := c.hc.Do(req)
		if err == nil && resp.StatusCode == http.StatusOK {
			resp.Body.Close()
			return "t", nil
		}
		lastErr = err
		select {
		case <-ctx.Done():
			return "", ctx.Err()
		case <-time.After(2 * time.Second):
		}
	}
	return "", lastErr
}
