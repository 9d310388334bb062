package sender

import (
	"bytes"
	"context"
	"net/http"
	"time"
)

// This file holds SDK cores that build the request of every attempt from
// a method they are handed (a parameter, a field of their own request
// type): a check of that method is a check of the request's.

// Options is an SDK's own description of a request.
type Options struct {
	Method string
	Path   string
	Body   []byte
}

type core struct {
	hc   *http.Client
	base string
}

// ---- must flag ----

// A default method is chosen, but nothing checks it before a retry.
func (c *core) doDefault(ctx context.Context, method, path string, body []byte) (*http.Response, error) {
	if method == "" {
		method = http.MethodGet
	}
	for attempt := range 3 {
		req, err := http.NewRequestWithContext(ctx, method, c.base+path, bytes.NewReader(body))
		if err != nil {
			return nil, err
		}
		resp, err := c.hc.Do(req) // want `a request of any method is re-sent after a transport error`
		if err != nil {
			time.Sleep(time.Duration(attempt+1) * time.Second)
			continue
		}
		return resp, nil
	}
	return nil, context.DeadlineExceeded
}

// The method is a field of the SDK's request type.
func (c *core) send(ctx context.Context, o *Options) (*http.Response, error) {
	for attempt := 0; ; attempt++ {
		req, err := http.NewRequestWithContext(ctx, o.Method, c.base+o.Path, bytes.NewReader(o.Body))
		if err != nil {
			return nil, err
		}
		resp, err := c.hc.Do(req) // want `a request of any method is re-sent after a transport error`
		if err == nil || attempt >= 3 {
			return resp, err
		}
	}
}

// ---- must stay silent ----

var idempotentMethods = map[string]bool{
	http.MethodGet: true, http.MethodHead: true, http.MethodPut: true, http.MethodDelete: true,
}

func idempotentMethod(m string) bool { return idempotentMethods[m] }

// The method parameter is checked by a helper of the package.
func (c *core) doChecked(ctx context.Context, method, path string) (*http.Response, error) {
	for attempt := 0; ; attempt++ {
		req, err := http.NewRequestWithContext(ctx, method, c.base+path, nil)
		if err != nil {
			return nil, err
		}
		resp, err := c.hc.Do(req)
		if err == nil || attempt >= 3 || !idempotentMethod(method) {
			return resp, err
		}
	}
}

// The method parameter is looked up in a set of idempotent methods.
func (c *core) doLookup(ctx context.Context, method, path string) (*http.Response, error) {
	for attempt := 0; ; attempt++ {
		req, err := http.NewRequestWithContext(ctx, method, c.base+path, nil)
		if err != nil {
			return nil, err
		}
		resp, err := c.hc.Do(req)
		if err != nil && idempotentMethods[method] && attempt < 3 {
			continue
		}
		return resp, err
	}
}

// The decision is made once, before the loop, from the method parameter.
func (c *core) doDecided(ctx context.Context, method, path string) (*http.Response, error) {
	attempts := 3
	if method == http.MethodPost || method == http.MethodPatch {
		attempts = 1
	}
	var resp *http.Response
	var err error
	for range attempts {
		var req *http.Request
		req, err = http.NewRequestWithContext(ctx, method, c.base+path, nil)
		if err != nil {
			return nil, err
		}
		resp, err = c.hc.Do(req)
		if err == nil {
			return resp, nil
		}
	}
	return resp, err
}

// The method field of the SDK's request type is switched on.
func (c *core) sendChecked(ctx context.Context, o *Options) (*http.Response, error) {
	for attempt := 0; ; attempt++ {
		req, err := http.NewRequestWithContext(ctx, o.Method, c.base+o.Path, bytes.NewReader(o.Body))
		if err != nil {
			return nil, err
		}
		resp, err := c.hc.Do(req)
		if err == nil || attempt >= 3 {
			return resp, err
		}
		switch o.Method {
		case http.MethodPost, http.MethodPatch:
			return resp, err
		}
	}
}

// The request is built by a helper with the method parameter, which a
// helper of the package checks.
func (c *core) doBuilt(ctx context.Context, method, path string) (*http.Response, error) {
	var err error
	for attempt := 0; attempt < 3; attempt++ {
		var req *http.Request
		req, err = newRequest(ctx, method, path)
		if err != nil {
			return nil, err
		}
		var resp *http.Response
		resp, err = c.hc.Do(req)
		if err != nil && idempotentMethod(method) {
			continue
		}
		return resp, err
	}
	return nil, err
}
