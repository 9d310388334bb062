// Package structreq retries requests built as struct values: with a
// literal, with a store to the Method field, or by a helper of another
// package that does either with its caller's method.
package structreq

import (
	"context"
	"errors"
	"net/http"
	"net/url"
	"time"

	"structreq/build"
)

// Caller sends a request it is handed, as an SDK's base client does.
type Caller struct{ HTTP *http.Client }

func (c Caller) Call(ctx context.Context, req *http.Request) (*http.Response, error) { // want Call:`sends\(param 1\)`
	return c.HTTP.Do(req.WithContext(ctx))
}

func federation(c *Caller) (*http.Response, error) {
	var err error
	var req http.Request
	var resp *http.Response
	for retry := 0; retry < 3; retry++ {
		if req, err = build.Tagged(http.MethodPost, "/v1/x509", nil); err != nil {
			return nil, err
		}
		if resp, err = c.Call(context.Background(), &req); err == nil { // want `POST is retried after a transport error without an idempotency key`
			return resp, nil
		}
		if resp != nil && resp.StatusCode >= 400 && resp.StatusCode < 500 {
			return nil, errors.New(resp.Status)
		}
		time.Sleep(time.Second)
	}
	return nil, err
}

func literal(c *http.Client, u *url.URL) (*http.Response, error) {
	for attempt := 0; attempt < 3; attempt++ {
		req := &http.Request{Method: http.MethodPost, URL: u, Header: http.Header{}}
		resp, err := c.Do(req) // want `POST is retried after a transport error without an idempotency key`
		if err == nil {
			return resp, nil
		}
	}
	return nil, errors.New("no response")
}

func methodStored(c *http.Client, u *url.URL) (*http.Response, error) {
	for attempt := 0; attempt < 3; attempt++ {
		var req http.Request
		req.URL = u
		req.Header = http.Header{}
		req.Method = http.MethodPatch
		resp, err := c.Do(&req) // want `PATCH is retried after a transport error without an idempotency key`
		if err == nil {
			return resp, nil
		}
	}
	return nil, errors.New("no response")
}

func literalHelper(c *http.Client, u *url.URL) (*http.Response, error) {
	for attempt := 0; attempt < 3; attempt++ {
		req := build.Literal("POST", u)
		resp, err := c.Do(req) // want `POST is retried after a transport error without an idempotency key`
		if err == nil {
			return resp, nil
		}
	}
	return nil, errors.New("no response")
}

// ---- silent ----

func read(c *Caller) (*http.Response, error) {
	var err error
	var req http.Request
	var resp *http.Response
	for retry := 0; retry < 3; retry++ {
		if req, err = build.Tagged(http.MethodGet, "/v1/x509", nil); err != nil {
			return nil, err
		}
		if resp, err = c.Call(context.Background(), &req); err == nil {
			return resp, nil
		}
	}
	return nil, err
}

// A literal without a Method is a GET.
func noMethod(c *http.Client, u *url.URL) (*http.Response, error) {
	for attempt := 0; attempt < 3; attempt++ {
		resp, err := c.Do(&http.Request{URL: u, Header: http.Header{}})
		if err == nil {
			return resp, nil
		}
	}
	return nil, errors.New("no response")
}

// The method stored last replaces the literal's.
func storedPut(c *http.Client, u *url.URL) (*http.Response, error) {
	for attempt := 0; attempt < 3; attempt++ {
		req := &http.Request{Method: http.MethodPost, URL: u, Header: http.Header{}}
		req.Method = http.MethodPut
		resp, err := c.Do(req)
		if err == nil {
			return resp, nil
		}
	}
	return nil, errors.New("no response")
}

// The helper's argument goes into a header, not into the method.
func head(c *http.Client, u *url.URL) (*http.Response, error) {
	for attempt := 0; attempt < 3; attempt++ {
		resp, err := c.Do(build.Head(http.MethodPost, u))
		if err == nil {
			return resp, nil
		}
	}
	return nil, errors.New("no response")
}

// One key for every attempt.
func keyed(c *http.Client, u *url.URL, key string) (*http.Response, error) {
	for attempt := 0; attempt < 3; attempt++ {
		req := &http.Request{Method: http.MethodPost, URL: u, Header: http.Header{}}
		req.Header.Set("Idempotency-Key", key)
		resp, err := c.Do(req)
		if err == nil {
			return resp, nil
		}
	}
	return nil, errors.New("no response")
}
