// Package idemcallers: a retrying sender of the method its caller hands
// it is judged by its callers when the package holds them all: one whose
// every call hands it an idempotent method never re-sends a write.
package idemcallers

import (
	"bytes"
	"net/http"
	"time"
)

type Client struct {
	base string
	hc   *http.Client
}

// do re-sends the request after a transport error; its callers hand it
// GET and PUT only: must stay silent.
func (c *Client) do(method, path string, body []byte) (*http.Response, error) {
	for attempt := 0; ; attempt++ {
		req, err := http.NewRequest(method, c.base+path, bytes.NewReader(body))
		if err != nil {
			return nil, err
		}
		resp, err := c.hc.Do(req)
		if err == nil || attempt == 3 {
			return resp, err
		}
		time.Sleep(time.Second)
	}
}

func (c *Client) Get(path string) (*http.Response, error) { return c.do(http.MethodGet, path, nil) }

func (c *Client) Update(path string, body []byte) (*http.Response, error) {
	return c.do(http.MethodPut, path, body)
}

// send is the same sender, but one of its callers hands it a POST: must
// flag.
func (c *Client) send(method, path string, body []byte) (*http.Response, error) {
	for attempt := 0; ; attempt++ {
		req, err := http.NewRequest(method, c.base+path, bytes.NewReader(body))
		if err != nil {
			return nil, err
		}
		resp, err := c.hc.Do(req) // want `a request of any method is re-sent after a transport error without a check of its method`
		if err == nil || attempt == 3 {
			return resp, err
		}
		time.Sleep(time.Second)
	}
}

func (c *Client) Fetch(path string) (*http.Response, error) { return c.send(http.MethodGet, path, nil) }

func (c *Client) Create(path string, body []byte) (*http.Response, error) { // want Create:"write\\(POST\\)"
	return c.send(http.MethodPost, path, body)
}
