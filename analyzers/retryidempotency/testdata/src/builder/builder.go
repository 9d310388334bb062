// Package builder retries requests that a builder makes with its own verb,
// a field that the builder's maker set: the send re-sends a request of
// any method.
package builder

import (
	"context"
	"errors"
	"net/http"

	"builder/rest"
)

// Request is a request builder, as a REST client's is.
type Request struct {
	c       *http.Client
	verb    string
	path    string
	retries int
}

// NewRequest returns a builder for verb, any of them.
func NewRequest(c *http.Client, verb, path string) *Request {
	return &Request{c: c, verb: verb, path: path, retries: 3}
}

func (r *Request) newHTTPRequest(ctx context.Context) (*http.Request, error) {
	req, err := http.NewRequestWithContext(ctx, r.verb, r.path, nil)
	if err != nil {
		return nil, err
	}
	req.Header.Set("Accept", "application/json")
	return req, nil
}

// The builder's own verb, through a second builder of it.
func (r *Request) build(ctx context.Context) (*http.Request, error) {
	return r.newHTTPRequest(ctx)
}

// Do re-sends the builder's request, of whatever verb its maker chose,
// after a transport error.
func (r *Request) Do(ctx context.Context) (*http.Response, error) {
	var lastErr error
	for attempt := 0; attempt <= r.retries; attempt++ {
		req, err := r.newHTTPRequest(ctx)
		if err != nil {
			return nil, err
		}
		resp, err := r.c.Do(req) // want `a request of any method is re-sent after a transport error without a check of its method or an Idempotency-Key header`
		if err != nil {
			lastErr = err
			continue
		}
		return resp, nil
	}
	return nil, lastErr
}

// Stream does the same through the second builder.
func (r *Request) Stream(ctx context.Context) (*http.Response, error) {
	for {
		req, err := r.build(ctx)
		if err != nil {
			return nil, err
		}
		resp, err := r.c.Do(req) // want `a request of any method is re-sent after a transport error`
		if err == nil {
			return resp, nil
		}
	}
}

// A builder of another package, handed in: its verb is its maker's.
func sendBuilt(ctx context.Context, c *http.Client, b *rest.Request) (*http.Response, error) {
	for range 3 {
		req, err := b.HTTPRequest(ctx)
		if err != nil {
			return nil, err
		}
		resp, err := c.Do(req) // want `a request of any method is re-sent after a transport error`
		if err == nil {
			return resp, nil
		}
	}
	return nil, errors.New("no response")
}

// ---- silent ----

// A builder made here, not handed in: its verb is not the caller's (here
// a GET, which may be sent again).
func list(ctx context.Context, c *http.Client) (*http.Response, error) {
	r := &Request{c: c, verb: http.MethodGet, path: "https://api.example.com/v1/orders"}
	for range 3 {
		req, err := r.newHTTPRequest(ctx)
		if err != nil {
			return nil, err
		}
		resp, err := c.Do(req)
		if err == nil {
			return resp, nil
		}
	}
	return nil, errors.New("no response")
}

// The builder's verb checked before another attempt, as net/http's
// Transport checks a request's method.
func (r *Request) Checked(ctx context.Context) (*http.Response, error) {
	for {
		req, err := r.newHTTPRequest(ctx)
		if err != nil {
			return nil, err
		}
		resp, err := r.c.Do(req)
		if err == nil {
			return resp, nil
		}
		if r.verb != http.MethodGet && r.verb != http.MethodHead {
			return nil, err
		}
	}
}

// One request per builder: iteration, not a retry.
func sendAll(ctx context.Context, c *http.Client, rs []*Request) error {
	for _, r := range rs {
		req, err := r.newHTTPRequest(ctx)
		if err != nil {
			return err
		}
		resp, err := c.Do(req)
		if err != nil {
			continue
		}
		resp.Body.Close()
	}
	return nil
}

// A builder whose verb is its own constant: the method is known.
type getter struct {
	c    *http.Client
	path string
}

func (g *getter) newHTTPRequest(ctx context.Context) (*http.Request, error) {
	return http.NewRequestWithContext(ctx, http.MethodGet, g.path, nil)
}

func (g *getter) Do(ctx context.Context) (*http.Response, error) {
	for {
		req, err := g.newHTTPRequest(ctx)
		if err != nil {
			return nil, err
		}
		resp, err := g.c.Do(req)
		if err == nil {
			return resp, nil
		}
	}
}

// The builder's own predicate on its verb, checked before another
// attempt.
func (r *Request) idempotent() bool {
	return r.verb == http.MethodGet || r.verb == http.MethodHead || r.verb == http.MethodPut
}

func (r *Request) DoChecked(ctx context.Context) (*http.Response, error) {
	for {
		req, err := r.newHTTPRequest(ctx)
		if err != nil {
			return nil, err
		}
		resp, err := r.c.Do(req)
		if err == nil {
			return resp, nil
		}
		if !r.idempotent() {
			return nil, err
		}
	}
}

// A test of the verb kept in a variable that caps the attempts: a POST
// is sent once.
func (r *Request) DoCapped(ctx context.Context) (*http.Response, error) {
	idempotent := r.verb == http.MethodGet || r.verb == http.MethodHead
	attempts := 3
	if !idempotent {
		attempts = 1
	}
	var lastErr error
	for try := 0; try < attempts; try++ {
		req, err := r.newHTTPRequest(ctx)
		if err != nil {
			return nil, err
		}
		resp, err := r.c.Do(req)
		if err == nil {
			return resp, nil
		}
		lastErr = err
	}
	return nil, lastErr
}
