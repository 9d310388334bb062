// Package transport is a library's client that re-sends any request after
// a transport error, and a sender that does not retry.
package transport

import (
	"errors"
	"net/http"
	"time"
)

// Interface is what the library's users hold; Client is its one
// implementation.
type Interface interface {
	Perform(req *http.Request) (*http.Response, error)
}

// Client sends requests, retrying them.
type Client struct {
	hc         *http.Client
	MaxRetries int
}

// Perform sends req, and sends it again after a transport error.
func (c *Client) Perform(req *http.Request) (*http.Response, error) { // want Perform:`resends\(param 0 after a transport error while MaxRetries > 0\)` Perform:`sends\(param 0\)`
	var lastErr error
	for i := 0; i <= c.MaxRetries; i++ {
		resp, err := c.hc.Do(req) // want `a request of any method is re-sent after a transport error without a check of its method or an Idempotency-Key header`
		if err == nil {
			return resp, nil
		}
		lastErr = err
		time.Sleep(time.Duration(i) * 100 * time.Millisecond)
	}
	return nil, lastErr
}

// Send sends req once.
func Send(hc *http.Client, req *http.Request) (*http.Response, error) { // want Send:`sends\(param 1\)`
	return hc.Do(req)
}

// Pool is another interface, with two implementations: which one a
// caller holds is its own choice.
type Pool interface {
	Do(req *http.Request) (*http.Response, error)
}

// Single sends once.
type Single struct{ hc *http.Client }

func (s *Single) Do(req *http.Request) (*http.Response, error) { return s.hc.Do(req) } // want Do:`sends\(param 0\)`

// Retrying retries on any error, as Client does.
type Retrying struct{ c Client }

func (r *Retrying) Do(req *http.Request) (*http.Response, error) { // want Do:`resends\(param 0 after a transport error\)` Do:`sends\(param 0\)`
	for {
		resp, err := r.c.hc.Do(req) // want `a request of any method is re-sent after a transport error without a check of its method or an Idempotency-Key header`
		if err == nil || errors.Is(err, http.ErrUseLastResponse) {
			return resp, err
		}
	}
}
