// Package sendop holds retry helpers whose operation has a send's
// results: handed the client, it builds its own request and sends it.
// What the helper retries is the operation each caller writes.
package sendop

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"net/http"
	"time"
)

type Client struct {
	hc   *http.Client
	base string
}

func (c *Client) withRetries(op func(hc *http.Client) (*http.Response, error)) (*http.Response, error) {
	var last error
	for i := range 3 {
		time.Sleep(time.Duration(i) * time.Second)
		resp, err := op(c.hc)
		if err != nil {
			last = err
			continue
		}
		return resp, nil
	}
	return nil, last
}

// A POST handed to the helper is retried after a transport error.
func (c *Client) Create(ctx context.Context, body []byte) (*http.Response, error) {
	return c.withRetries(func(hc *http.Client) (*http.Response, error) {
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.base+"/items", bytes.NewReader(body))
		if err != nil {
			return nil, err
		}
		return hc.Do(req) // want `POST is retried by withRetries after a transport error without an idempotency key`
	})
}

// A GET handed to the same helper is safe to retry.
func (c *Client) Get(ctx context.Context, id string) (*http.Response, error) {
	return c.withRetries(func(hc *http.Client) (*http.Response, error) {
		req, err := http.NewRequestWithContext(ctx, http.MethodGet, c.base+"/items/"+id, nil)
		if err != nil {
			return nil, err
		}
		return hc.Do(req)
	})
}

// ---- a generic helper that calls its operation through a wrapper ----

// guarded calls op once, turning a panic into an error.
func guarded[T any](ctx context.Context, op func(context.Context) (T, error)) (_ T, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = errors.New("panic in operation")
		}
	}()
	v, err := op(ctx)
	if err != nil {
		return v, fmt.Errorf("op: %w", err)
	}
	return v, nil
}

func retryResult[T any](ctx context.Context, op func(context.Context) (T, error)) (T, error) {
	var zero T
	for {
		v, err := guarded(ctx, op)
		if err == nil {
			return v, nil
		}
		select {
		case <-ctx.Done():
			return zero, ctx.Err()
		case <-time.After(time.Second):
		}
	}
}

func (c *Client) Exchange(ctx context.Context, form []byte) (*http.Response, error) {
	return retryResult(ctx, func(ctx context.Context) (*http.Response, error) {
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.base+"/token", bytes.NewReader(form))
		if err != nil {
			return nil, err
		}
		return c.hc.Do(req) // want `POST is retried by retryResult after a transport error without an idempotency key`
	})
}

// A GET through the same helper is safe to retry.
func (c *Client) Fetch(ctx context.Context, id string) (*http.Response, error) {
	return retryResult(ctx, func(ctx context.Context) (*http.Response, error) {
		req, err := http.NewRequestWithContext(ctx, http.MethodGet, c.base+"/token/"+id, nil)
		if err != nil {
			return nil, err
		}
		return c.hc.Do(req)
	})
}
