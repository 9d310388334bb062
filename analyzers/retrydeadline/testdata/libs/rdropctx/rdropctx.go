// Package rdropctx wraps go-retryablehttp requests and drops the copy that
// WithContext returns: the caller's context never reaches the retries.
package rdropctx

import (
	"context"
	"net/http"

	"github.com/hashicorp/go-retryablehttp"
)

type Client struct {
	client *retryablehttp.Client
}

type Request struct {
	request *retryablehttp.Request
}

func (r *Request) WithContext(ctx context.Context) {
	r.request.WithContext(ctx) // want `result of r.request.WithContext is discarded: r.request keeps its old context`
}

func (c *Client) Do(req *Request) (*http.Response, error) {
	return c.client.Do(req.request)
}

// ---- must stay silent ----

func (r *Request) withContextKept(ctx context.Context) {
	r.request = r.request.WithContext(ctx)
}

func (c *Client) doWith(ctx context.Context, req *retryablehttp.Request) (*http.Response, error) {
	return c.client.Do(req.WithContext(ctx))
}
