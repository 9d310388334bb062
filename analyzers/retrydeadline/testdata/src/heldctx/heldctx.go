// Package heldctx makes retry helpers that hold their operation and the
// caller's context in fields.
package heldctx

import (
	"context"
	"net/http"

	"heldctx/executor"
)

type Client struct {
	hc  *http.Client
	ctx context.Context
}

func (c *Client) newRequest(method, url string) (*http.Request, error) {
	if c.ctx != nil {
		return http.NewRequestWithContext(c.ctx, method, url, nil)
	}
	return http.NewRequest(method, url, nil)
}

// Download's requests carry c.ctx, its executor does not.
func (c *Client) Download(url string) (resp *http.Response, err error) {
	e := executor.RetryExecutor{ // want `executor.RetryExecutor is made without its Context while c.ctx is at hand: its Execute retries and waits without seeing c.ctx's cancellation`
		MaxRetries: 3,
		Handler: func() (bool, error) {
			var req *http.Request
			req, err = c.newRequest(http.MethodGet, url)
			if err != nil {
				return false, err
			}
			resp, err = c.hc.Do(req)
			if err != nil {
				return true, err
			}
			return resp.StatusCode >= 500, nil
		},
	}
	err = e.Execute()
	return
}

// Fetch has the caller's ctx as a parameter.
func Fetch(ctx context.Context, hc *http.Client, url string) error {
	return (&executor.RetryExecutor{Handler: func() (bool, error) { // want `executor.RetryExecutor is made without its Context while ctx is at hand`
		req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
		if err != nil {
			return false, err
		}
		resp, err := hc.Do(req)
		if err != nil {
			return true, err
		}
		return false, resp.Body.Close()
	}}).Execute()
}

// ---- must stay silent ----

// DownloadCtx hands its executor c.ctx.
func (c *Client) DownloadCtx(url string) error {
	e := &executor.RetryExecutor{
		Context:    c.ctx,
		MaxRetries: 3,
		Handler: func() (bool, error) {
			req, err := c.newRequest(http.MethodGet, url)
			if err != nil {
				return false, err
			}
			resp, err := c.hc.Do(req)
			if err != nil {
				return true, err
			}
			return false, resp.Body.Close()
		},
	}
	return e.Execute()
}

// FetchLater sets the context after the executor is made.
func FetchLater(ctx context.Context, hc *http.Client, url string) error {
	e := executor.RetryExecutor{MaxRetries: 2}
	e.Handler = func() (bool, error) {
		resp, err := hc.Get(url)
		if err != nil {
			return true, err
		}
		return false, resp.Body.Close()
	}
	e.Context = ctx
	return e.Execute()
}

// FetchNoContext has no context to hand.
func FetchNoContext(hc *http.Client, url string) error {
	e := executor.RetryExecutor{Handler: func() (bool, error) {
		resp, err := hc.Get(url)
		if err != nil {
			return true, err
		}
		return false, resp.Body.Close()
	}}
	return e.Execute()
}
