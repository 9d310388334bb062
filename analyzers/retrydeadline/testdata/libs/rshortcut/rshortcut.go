// Package rshortcut calls go-retryablehttp's Get, Head, Post and PostForm,
// which make their requests with no context, while the caller's context
// is at hand.
package rshortcut

import (
	"bytes"
	"context"
	"net/http"
	"net/url"

	"github.com/hashicorp/go-retryablehttp"

	"libs/rshortcut/provider"
)

type Handler struct {
	r provider.HTTPClientProvider
	c *retryablehttp.Client
}

// ---- must flag ----

// ReadSchema gets through a client an interface hands out.
func (h *Handler) ReadSchema(ctx context.Context, u string) (*http.Response, error) {
	return h.r.HTTPClient().Get(u) // want `retryablehttp.Client.Get makes its request with no context, so the retrying client's attempts and waits ignore cancellation of ctx`
}

func (h *Handler) Ping(ctx context.Context, u string) error {
	resp, err := h.c.Head(u) // want `retryablehttp.Client.Head makes its request with no context`
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

func (h *Handler) Submit(ctx context.Context, u string, body []byte) (*http.Response, error) {
	return h.c.Post(u, "application/json", bytes.NewReader(body)) // want `retryablehttp.Client.Post makes its request with no context`
}

func (h *Handler) Login(ctx context.Context, u string, form url.Values) (*http.Response, error) {
	return h.c.PostForm(u, form) // want `retryablehttp.Client.PostForm makes its request with no context`
}

// Claims sends a request made by NewRequest through the client an
// interface hands out.
func (h *Handler) Claims(ctx context.Context, u string) (*http.Response, error) {
	req, err := retryablehttp.NewRequest(http.MethodGet, u, nil) // want `retryablehttp.NewRequest gives the request no context, so the retrying client's attempts and waits ignore cancellation of ctx`
	if err != nil {
		return nil, err
	}
	return h.r.HTTPClient().Do(req)
}

// ---- must stay silent ----

// The request carries the caller's context.
func (h *Handler) ReadSchemaCtx(ctx context.Context, u string) (*http.Response, error) {
	req, err := retryablehttp.NewRequestWithContext(ctx, http.MethodGet, u, nil)
	if err != nil {
		return nil, err
	}
	return h.r.HTTPClient().Do(req)
}

// No context at hand.
func (h *Handler) Fetch(u string) (*http.Response, error) {
	return h.c.Get(u)
}

// A client that does not retry.
func Once(ctx context.Context, u string) (*http.Response, error) {
	c := retryablehttp.NewClient()
	c.RetryMax = 0
	return c.Get(u)
}

// Started in the background on purpose: it outlives the call.
func (h *Handler) Warm(ctx context.Context, u string) {
	go h.c.Get(u)
}
