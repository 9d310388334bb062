// Package getonly is a request builder whose verb only its own
// constructors set, to methods that may be sent again: its retry sends
// nothing that could be applied twice.
package getonly

import (
	"context"
	"net/http"
)

// Client makes builders.
type Client struct{ hc *http.Client }

// Request is a builder; verb is unexported and set below only.
type Request struct {
	c    *http.Client
	verb string
	path string
}

// Get returns a GET builder.
func (c *Client) Get(p string) *Request { return &Request{c: c.hc, verb: http.MethodGet, path: p} }

// Head returns a HEAD builder.
func (c *Client) Head(p string) *Request { return &Request{c: c.hc, verb: "HEAD", path: p} }

// List returns a builder with the zero verb, which net/http sends as GET.
func (c *Client) List(p string) *Request { return &Request{c: c.hc, path: p} }

func (r *Request) newHTTPRequest(ctx context.Context) (*http.Request, error) {
	return http.NewRequestWithContext(ctx, r.verb, r.path, nil)
}

// Do re-sends the builder's request, a GET or a HEAD.
func (r *Request) Do(ctx context.Context) (*http.Response, error) {
	for i := 0; ; i++ {
		req, err := r.newHTTPRequest(ctx)
		if err != nil {
			return nil, err
		}
		resp, err := r.c.Do(req)
		if err == nil || i == 3 {
			return resp, err
		}
	}
}
