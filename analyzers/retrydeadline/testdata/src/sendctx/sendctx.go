// Package sendctx builds each request without a context and hands it the
// caller's at the send (Do(req.WithContext(ctx))), through a client whose
// Timeout is set after the client is stored.
package sendctx

import (
	"context"
	"net/http"
	"time"
)

type client struct {
	hc  *http.Client
	url string
}

func newClient(url string, timeout time.Duration) *client {
	c := &client{hc: &http.Client{}, url: url}
	if timeout > 0 {
		c.hc.Timeout = timeout
	}
	return c
}

func (c *client) create() (*http.Request, error) {
	return http.NewRequest(http.MethodGet, c.url, nil)
}

// The first attempt before the loop, the retries in it.
func (c *client) status(ctx context.Context) (int, error) {
	req, err := c.create()
	if err != nil {
		return 0, err
	}
	resp, err := c.hc.Do(req.WithContext(ctx))
	for i := 0; i < 3 && err != nil; i++ {
		select {
		case <-ctx.Done():
			return 0, ctx.Err()
		case <-time.After(time.Second):
		}
		if req, err = c.create(); err != nil {
			return 0, err
		}
		resp, err = c.hc.Do(req.WithContext(ctx)) // want `per-attempt timeout \(http.Client.Timeout\) inside retry loop but no overall deadline`
	}
	if err != nil {
		return 0, err
	}
	resp.Body.Close()
	return resp.StatusCode, nil
}

// Silent: the context handed to every attempt has a deadline.
func (c *client) statusBounded(ctx context.Context) (int, error) {
	ctx, cancel := context.WithTimeout(ctx, time.Minute)
	defer cancel()
	req, err := c.create()
	if err != nil {
		return 0, err
	}
	resp, err := c.hc.Do(req.WithContext(ctx))
	for i := 0; i < 3 && err != nil; i++ {
		select {
		case <-ctx.Done():
			return 0, ctx.Err()
		case <-time.After(time.Second):
		}
		if req, err = c.create(); err != nil {
			return 0, err
		}
		resp, err = c.hc.Do(req.WithContext(ctx))
	}
	if err != nil {
		return 0, err
	}
	resp.Body.Close()
	return resp.StatusCode, nil
}

// createNamed builds with named results and bare returns.
func (c *client) createNamed(q string) (req *http.Request, err error) {
	if req, err = http.NewRequest(http.MethodGet, c.url+"?q="+q, nil); err != nil {
		return
	}
	req.Header.Set("Accept", "application/json")
	return
}

func (c *client) search(ctx context.Context, q string) (int, error) {
	req, err := c.createNamed(q)
	if err != nil {
		return 0, err
	}
	resp, err := c.hc.Do(req.WithContext(ctx))
	for i := 0; i < 3 && err != nil; i++ {
		select {
		case <-ctx.Done():
			return 0, ctx.Err()
		case <-time.After(time.Second):
		}
		if req, err = c.createNamed(q); err != nil {
			return 0, err
		}
		resp, err = c.hc.Do(req.WithContext(ctx)) // want `per-attempt timeout \(http.Client.Timeout\) inside retry loop but no overall deadline`
	}
	if err != nil {
		return 0, err
	}
	resp.Body.Close()
	return resp.StatusCode, nil
}

var _ = newClient
