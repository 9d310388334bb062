// Package clientfield keeps its http.Client in a struct field that a
// constructor fills: the client's Timeout bounds each attempt.
package clientfield

import (
	"context"
	"net/http"
	"time"
)

type Client struct {
	hc      *http.Client
	base    string
	retries int
}

func New(base string) *Client {
	return &Client{hc: &http.Client{Timeout: 30 * time.Second}, base: base, retries: 5}
}

// Get retries with a wait that ends with ctx, but nothing bounds the
// attempts as a whole.
func (c *Client) Get(ctx context.Context, path string) (*http.Response, error) {
	var lastErr error
	for i := 0; i <= c.retries; i++ {
		req, err := http.NewRequestWithContext(ctx, http.MethodGet, c.base+path, nil)
		if err != nil {
			return nil, err
		}
		resp, err := c.hc.Do(req) // want `per-attempt timeout \(http.Client.Timeout\) inside retry loop but no overall deadline`
		if err == nil && resp.StatusCode < 500 {
			return resp, nil
		}
		if err == nil {
			resp.Body.Close()
		}
		lastErr = err
		select {
		case <-ctx.Done():
			return nil, ctx.Err()
		case <-time.After(time.Duration(i+1) * time.Second):
		}
	}
	return nil, lastErr
}

// Bounded has an overall deadline: right.
func (c *Client) Bounded(ctx context.Context, path string) (*http.Response, error) { // want Bounded:`owntimeout\(2m0s\) from param 0`
	ctx, cancel := context.WithTimeout(ctx, 2*time.Minute)
	defer cancel()
	var lastErr error
	for i := 0; i <= c.retries; i++ {
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		req, err := http.NewRequestWithContext(ctx, http.MethodGet, c.base+path, nil)
		if err != nil {
			return nil, err
		}
		resp, err := c.hc.Do(req)
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

// Plain's client may be http.DefaultClient, which has no Timeout, or
// the one NewPlainTimeout makes, which has: the attempts through that one
// have a per-attempt timeout, and the budget is checked only when the
// client's Timeout is positive.
type Plain struct {
	hc *http.Client
}

func NewPlain(hc *http.Client) *Plain {
	if hc == nil {
		return &Plain{hc: http.DefaultClient}
	}
	return &Plain{hc: hc}
}

func NewPlainTimeout() *Plain {
	return &Plain{hc: &http.Client{Timeout: time.Second}}
}

func (p *Plain) Get(ctx context.Context, url string) (*http.Response, error) {
	var lastErr error
	for i := 0; i < 3; i++ {
		req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
		if err != nil {
			return nil, err
		}
		resp, err := p.hc.Do(req) // want `per-attempt timeout \(http.Client.Timeout\) inside retry loop but no overall deadline`
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

// Bare's client is http.DefaultClient or the caller's: no store holds a
// Timeout, so the attempts have no per-attempt timeout to multiply.
type Bare struct {
	hc *http.Client
}

func NewBare(hc *http.Client) *Bare {
	if hc == nil {
		return &Bare{hc: http.DefaultClient}
	}
	return &Bare{hc: hc}
}

func (b *Bare) Get(ctx context.Context, url string) (*http.Response, error) {
	var lastErr error
	for i := 0; i < 3; i++ {
		req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
		if err != nil {
			return nil, err
		}
		resp, err := b.hc.Do(req)
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

// Embedded's client is embedded: Do is the client's, promoted, and its
// constructor gives it a Timeout.
type Embedded struct {
	*http.Client
	base string
}

func NewEmbedded(base string) *Embedded {
	return &Embedded{Client: &http.Client{Timeout: 10 * time.Second}, base: base}
}

func (e *Embedded) Get(ctx context.Context, path string) (*http.Response, error) {
	var lastErr error
	for i := 0; i < 3; i++ {
		req, err := http.NewRequestWithContext(ctx, http.MethodGet, e.base+path, nil)
		if err != nil {
			return nil, err
		}
		resp, err := e.Do(req) // want `per-attempt timeout \(http.Client.Timeout\) inside retry loop but no overall deadline`
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

// EmbeddedBare embeds the caller's client: no store holds a Timeout.
type EmbeddedBare struct {
	*http.Client
}

func NewEmbeddedBare(hc *http.Client) *EmbeddedBare { return &EmbeddedBare{Client: hc} }

func (e *EmbeddedBare) Get(ctx context.Context, url string) (*http.Response, error) {
	var lastErr error
	for i := 0; i < 3; i++ {
		req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
		if err != nil {
			return nil, err
		}
		resp, err := e.Do(req)
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
