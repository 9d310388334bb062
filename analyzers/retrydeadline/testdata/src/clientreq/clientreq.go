// Package clientreq retries sends through a client with a Timeout of
// requests that a method of the package builds, with no context of their
// own, on each attempt.
package clientreq

import (
	"bytes"
	"errors"
	"io"
	"net/http"
	"time"
)

type client struct {
	url string
	hc  *http.Client
	req *http.Request
}

func newClient(url string) *client {
	return &client{url: url, hc: &http.Client{Timeout: time.Minute}}
}

func (c *client) newRequest(body []byte) (*http.Request, error) {
	return http.NewRequest(http.MethodPut, c.url, bytes.NewReader(body))
}

func (c *client) send(body []byte) bool {
	for attempt := 0; ; attempt++ {
		req, err := c.newRequest(body)
		if err != nil {
			return false
		}
		resp, err := c.hc.Do(req) // want `per-attempt timeout \(http.Client.Timeout\) inside retry loop but no overall deadline`
		if err == nil {
			resp.Body.Close()
			if resp.StatusCode/100 == 2 {
				return true
			}
		}
		time.Sleep(time.Second << min(attempt, 5))
	}
}

// doRequest sends a request newRequest builds, and once more after a
// connection the server closed.
func (c *client) doRequest(body []byte) (*http.Response, error) {
	req, err := c.newRequest(body)
	if err != nil {
		return nil, err
	}
	resp, err := c.hc.Do(req)
	if err == nil || !errors.Is(err, io.EOF) {
		return resp, err
	}
	req, err = c.newRequest(body)
	if err != nil {
		return nil, err
	}
	return c.hc.Do(req)
}

// The client's Timeout bounds each call of doRequest.
func (c *client) sendAll(body []byte) bool {
	for attempt := 0; ; attempt++ {
		resp, err := c.doRequest(body) // want `per-attempt timeout \(http.Client.Timeout of the send in doRequest\) inside retry loop but no overall deadline`
		if err == nil {
			resp.Body.Close()
			if resp.StatusCode/100 == 2 {
				return true
			}
		}
		time.Sleep(time.Second << min(attempt, 5))
	}
}

func (c *client) stored() *http.Request {
	return c.req
}

// Silent: the request a method hands back is one the client holds, with
// whatever context it was given.
func (c *client) resend() bool {
	for attempt := 0; ; attempt++ {
		req := c.stored()
		resp, err := c.hc.Do(req)
		if err == nil {
			resp.Body.Close()
			return true
		}
		time.Sleep(time.Second << min(attempt, 5))
	}
}

// A Timeout from configuration may be zero, no timeout at all: the
// deadline is made only when it is set.
func sendConfigured(url string, timeout time.Duration, body []byte) bool {
	hc := &http.Client{Timeout: timeout}
	for attempt := 0; attempt < 5; attempt++ {
		req, err := http.NewRequest(http.MethodPut, url, bytes.NewReader(body))
		if err != nil {
			return false
		}
		resp, err := hc.Do(req) // want `per-attempt timeout \(http.Client.Timeout\) inside retry loop but no overall deadline`
		if err == nil {
			resp.Body.Close()
			if resp.StatusCode/100 == 2 {
				return true
			}
		}
		time.Sleep(time.Second)
	}
	return false
}

// The same, with the Timeout assigned after the client is made.
func sendAssigned(url string, timeout time.Duration, body []byte) bool {
	hc := &http.Client{}
	hc.Timeout = timeout
	for attempt := 0; attempt < 5; attempt++ {
		req, err := http.NewRequest(http.MethodPut, url, bytes.NewReader(body))
		if err != nil {
			return false
		}
		resp, err := hc.Do(req) // want `per-attempt timeout \(http.Client.Timeout\) inside retry loop but no overall deadline`
		if err == nil {
			resp.Body.Close()
			if resp.StatusCode/100 == 2 {
				return true
			}
		}
		time.Sleep(time.Second)
	}
	return false
}
