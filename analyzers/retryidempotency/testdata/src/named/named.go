// Package named holds writes in named functions and method values handed
// to retry helpers.
package named

import (
	"context"
	"net/http"
	"strings"
	"time"
)

// Retrier retries an operation.
type Retrier struct {
	Attempts int
}

// Run calls op until it succeeds.
func (r *Retrier) Run(ctx context.Context, op func() error) error {
	var err error
	for i := 0; i < r.Attempts; i++ {
		if err = op(); err == nil {
			return nil
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(time.Second):
		}
	}
	return err
}

func retry(attempts int, fn func(ctx context.Context) error) error {
	var err error
	for i := 0; i < attempts; i++ {
		if err = fn(context.Background()); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

type Client struct {
	hc   *http.Client
	base string
	r    *Retrier
}

func (c *Client) Transfer(ctx context.Context) error {
	return c.r.Run(ctx, c.postTransfer)
}

func (c *Client) postTransfer() error { // want postTransfer:`write\(POST\)`
	resp, err := c.hc.Post(c.base+"/transfers", "application/json", nil) // want `POST is retried by Run after a transport error without an idempotency key`
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

func (c *Client) Order() error {
	return retry(3, c.sendOrder)
}

func (c *Client) sendOrder(ctx context.Context) error { // want sendOrder:`write\(POST\)`
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.base+"/orders", strings.NewReader("{}"))
	if err != nil {
		return err
	}
	resp, err := c.hc.Do(req) // want `POST is retried by retry after a transport error without an idempotency key`
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// ---- must stay silent ----

// A GET handed by name.
func (c *Client) Fetch() error {
	return retry(3, c.get)
}

func (c *Client) get(ctx context.Context) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, c.base, nil)
	if err != nil {
		return err
	}
	resp, err := c.hc.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// The operation gives up on a transport error.
func (c *Client) Quiet() error {
	return retry(3, c.quiet)
}

func (c *Client) quiet(ctx context.Context) error { // want quiet:`write\(POST\)`
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.base, nil)
	if err != nil {
		return err
	}
	resp, err := c.hc.Do(req)
	if err != nil {
		return nil
	}
	return resp.Body.Close()
}

// A key from the caller, the same on every attempt.
func (c *Client) Keyed(key string) error {
	return retry(3, func(ctx context.Context) error { return c.keyed(ctx, key) })
}

func (c *Client) keyed(ctx context.Context, key string) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.base, nil)
	if err != nil {
		return err
	}
	req.Header.Set("Idempotency-Key", key)
	resp, err := c.hc.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// A named operation whose write goes through helpers that another caller
// shares.
func (c *Client) Refund(ctx context.Context) error {
	return c.r.Run(ctx, c.refund)
}

func (c *Client) refund() error { // want refund:`write\(POST\)`
	return c.post(context.Background(), "/refunds") // want `POST is retried by Run after a transport error without an idempotency key \(post sends it\)`
}

func (c *Client) post(ctx context.Context, path string) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.base+path, nil)
	if err != nil {
		return err
	}
	resp, err := c.hc.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

func (c *Client) Void(ctx context.Context) error { // want Void:`write\(POST\)`
	return c.post(ctx, "/voids")
}

// A named operation whose helper reads: polling, not a write.
func (c *Client) Ready(ctx context.Context) error {
	return c.r.Run(ctx, c.ready)
}

func (c *Client) ready() error {
	return c.getPath(context.Background(), "/ready")
}

func (c *Client) getPath(ctx context.Context, path string) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, c.base+path, nil)
	if err != nil {
		return err
	}
	resp, err := c.hc.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// Payout is exported, and handed by name: it is split, the literal calls
// its twin with one key, and Payout keeps sending without one.
func (c *Client) Payout(ctx context.Context) error { // want Payout:`write\(POST\)`
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.base+"/payouts", strings.NewReader("{}"))
	if err != nil {
		return err
	}
	resp, err := c.hc.Do(req) // want `POST is retried by retry after a transport error without an idempotency key`
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

func (c *Client) payoutWithRetries() error {
	return retry(3, c.Payout)
}
