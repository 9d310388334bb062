// Package factoryiface retries requests that a factory behind an
// interface makes: the method is the one every implementation the package
// can see builds, though the interface does not say it.
package factoryiface

import (
	"bytes"
	"io"
	"net/http"
	"time"

	"factoryiface/transport"
)

type requestFactory interface {
	NewRequest(path string, data io.Reader) (*http.Request, error)
}

// Client calls a plugin: every call is a POST (transport.HTTP).
type Client struct {
	http    *http.Client
	factory requestFactory
}

// NewClient stores the POST factory.
func NewClient(addr string) *Client {
	return &Client{http: &http.Client{Timeout: 30 * time.Second}, factory: transport.HTTP{Addr: addr}}
}

// Call sends the POST again after a transport error, with no key.
func (c *Client) Call(path string, body []byte) (*http.Response, error) {
	var lastErr error
	for attempt := 0; attempt < 3; attempt++ {
		req, err := c.factory.NewRequest(path, bytes.NewReader(body))
		if err != nil {
			return nil, err
		}
		resp, err := c.http.Do(req) // want `POST is retried after a transport error without an idempotency key`
		if err != nil {
			lastErr = err
			time.Sleep(time.Second)
			continue
		}
		return resp, nil
	}
	return nil, lastErr
}

// ---- must stay silent ----

type fetcher interface {
	Fetch(path string) (*http.Request, error)
}

// Reader fetches through a fetcher, whose implementations the package
// sees build a GET (transport.ReadOnly) and a POST (transport.Mirror):
// which one a call makes is not known.
type Reader struct {
	http *http.Client
	f    fetcher
}

// NewReader stores either.
func NewReader(addr string, mirror bool) *Reader {
	if mirror {
		return &Reader{http: http.DefaultClient, f: transport.Mirror{Addr: addr}}
	}
	return &Reader{http: http.DefaultClient, f: transport.ReadOnly{Addr: addr}}
}

// Get re-sends whatever the fetcher made.
func (r *Reader) Get(path string) (*http.Response, error) {
	var lastErr error
	for attempt := 0; attempt < 3; attempt++ {
		req, err := r.f.Fetch(path)
		if err != nil {
			return nil, err
		}
		resp, err := r.http.Do(req)
		if err != nil {
			lastErr = err
			time.Sleep(time.Second)
			continue
		}
		return resp, nil
	}
	return nil, lastErr
}

type getter interface {
	Get(path string) (*http.Request, error)
}

type localGet struct{ addr string }

func (g localGet) Get(path string) (*http.Request, error) { // want Get:`method\(GET\)`
	return http.NewRequest(http.MethodGet, "http://"+g.addr+path, nil)
}

// Poll re-sends the GETs of the package's only getter.
func Poll(g getter, c *http.Client) (*http.Response, error) {
	var lastErr error
	for attempt := 0; attempt < 3; attempt++ {
		req, err := g.Get("/status")
		if err != nil {
			return nil, err
		}
		resp, err := c.Do(req)
		if err != nil {
			lastErr = err
			time.Sleep(time.Second)
			continue
		}
		return resp, nil
	}
	return nil, lastErr
}

var _ getter = localGet{}
