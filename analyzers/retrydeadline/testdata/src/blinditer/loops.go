package blinditer

import (
	"context"
	"net/http"
	"time"
)

func (c *Client) get(ctx context.Context) (*http.Response, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, c.base, nil)
	if err != nil {
		return nil, err
	}
	return http.DefaultClient.Do(req)
}

// Listen reconnects forever in a goroutine.
func (c *Client) Listen(ctx context.Context, out chan<- int) {
	go func() {
		for range c.retryTimer(time.Second, 30*time.Second) { // want `retry loop ranges over retryTimer, whose time.Sleep between values takes no context, while the loop uses ctx`
			resp, err := c.get(ctx)
			if err != nil {
				return
			}
			resp.Body.Close()
			out <- resp.StatusCode
		}
	}()
}

// Fetch retries a few times.
func (c *Client) Fetch(ctx context.Context) (*http.Response, error) {
	var lastErr error
	for range attempts(3, time.Second) { // want `retry loop ranges over attempts, whose time.Sleep between values takes no context, while the loop uses ctx`
		resp, err := c.get(ctx)
		if err == nil {
			return resp, nil
		}
		lastErr = err
	}
	return nil, lastErr
}

// Silent: the iterator's wait ends with the context.
func (c *Client) FetchContext(ctx context.Context) (*http.Response, error) {
	for range retryTimerContext(ctx, time.Second) {
		if resp, err := c.get(ctx); err == nil {
			return resp, nil
		}
	}
	return nil, ctx.Err()
}

// Silent: the iterator does not wait.
func (c *Client) FetchEach(ctx context.Context) {
	for range items(3) {
		if resp, err := c.get(ctx); err == nil {
			resp.Body.Close()
		}
	}
}

// Silent: no context of the caller's, nothing to cancel the sleep.
func (c *Client) FetchBackground() {
	ctx := context.Background()
	for range attempts(3, time.Second) {
		if resp, err := c.get(ctx); err == nil {
			resp.Body.Close()
			return
		}
	}
}

// Silent: the loop sends nothing.
func (c *Client) Tick(ctx context.Context, f func(context.Context)) {
	for range attempts(3, time.Second) {
		f(ctx)
	}
}

// Poll is a second loop over attempts: the report at Fetch's loop fixes it
// too.
func (c *Client) Poll(reqCtx context.Context) int {
	for range attempts(5, time.Second) {
		if resp, err := c.get(reqCtx); err == nil {
			resp.Body.Close()
			return resp.StatusCode
		}
	}
	return 0
}
