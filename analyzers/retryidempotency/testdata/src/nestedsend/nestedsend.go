// Package nestedsend holds retrying senders whose send sits in a block
// nested in the loop's body, or in an if statement's init: the same
// retry as a send at the top of the body.
package nestedsend

import (
	"bytes"
	"errors"
	"io"
	"net/http"
)

type backend struct{ addr string }

type balancer interface {
	Next(service string) (*backend, error)
}

type failover struct {
	maxRetry int
	balancer balancer
	next     http.RoundTripper
}

// Each attempt goes to the next backend: the request of any method is
// sent again after a transport error, from an if statement's init inside
// another if.
func (t *failover) RoundTrip(req *http.Request) (*http.Response, error) { // want RoundTrip:"sends\\(param 0\\)" RoundTrip:`resends\(param 0 after a transport error while maxRetry > 0\)`
	var (
		err  error
		b    *backend
		resp *http.Response
		body []byte
	)
	if req.Body != nil {
		body, _ = io.ReadAll(req.Body)
	}
	for i := 0; i <= t.maxRetry; i++ {
		if b, err = t.balancer.Next(req.URL.Host); err == nil {
			req.URL.Host = b.addr
			req.Body = io.NopCloser(bytes.NewReader(body))
			if resp, err = t.next.RoundTrip(req); err == nil { // want `a request of any method is re-sent after a transport error without a check of its method or an Idempotency-Key header`
				return resp, nil
			}
		}
	}
	return nil, err
}

type retrying struct {
	maxRetry int
	next     http.RoundTripper
}

// The send sits in a block that runs only when retries are configured.
func (t *retrying) RoundTrip(req *http.Request) (*http.Response, error) { // want RoundTrip:"sends\\(param 0\\)" RoundTrip:`resends\(param 0 after a transport error while maxRetry > 0\)`
	err := errors.New("no attempt")
	for i := 0; i <= t.maxRetry; i++ {
		if t.maxRetry > 0 {
			var resp *http.Response
			resp, err = t.next.RoundTrip(req) // want `a request of any method is re-sent after a transport error without a check of its method or an Idempotency-Key header`
			if err == nil {
				return resp, nil
			}
		}
	}
	return nil, err
}

type guarded struct {
	maxRetry int
	balancer balancer
	next     http.RoundTripper
}

// The same failover, for GET and HEAD only: any other method is sent once.
func (t *guarded) RoundTrip(req *http.Request) (*http.Response, error) { // want RoundTrip:"sends\\(param 0\\)"
	if req.Method != http.MethodGet && req.Method != http.MethodHead {
		return t.next.RoundTrip(req)
	}
	var (
		err  error
		b    *backend
		resp *http.Response
	)
	for i := 0; i <= t.maxRetry; i++ {
		if b, err = t.balancer.Next(req.URL.Host); err == nil {
			req.URL.Host = b.addr
			if resp, err = t.next.RoundTrip(req); err == nil {
				return resp, nil
			}
		}
	}
	return nil, err
}
