// Package core is an SDK's client: its exported Do hands every request
// to an unexported loop that re-sends it whatever its method.
package core

import (
	"net/http"
	"time"
)

type Client struct {
	HC *http.Client
}

// Do sends req, retrying it on failure.
func (c *Client) Do(req *http.Request) (*http.Response, error) { // want Do:`sends\(param 0\)` Do:`resends\(param 0 after a transport error or status 500\)`
	return c.doWithRetries(req)
}

// Checked reads the request's method before it hands it on: it may keep
// writes from the loop, and is not taken for a retrying sender.
func (c *Client) Checked(req *http.Request) (*http.Response, error) { // want Checked:`sends\(param 0\)`
	if req.Method != http.MethodGet {
		return c.HC.Do(req)
	}
	return c.doWithRetries(req)
}

func (c *Client) doWithRetries(req *http.Request) (*http.Response, error) {
	var resp *http.Response
	var err error
	for attempt := 0; attempt < 3; attempt++ {
		resp, err = c.HC.Do(req) // want `a request of any method is re-sent after a transport error or status 500 without a check of its method or an Idempotency-Key header`
		if err == nil && resp.StatusCode < 500 {
			return resp, nil
		}
		time.Sleep(time.Second)
	}
	return resp, err
}

// PostOnce hands the request on with retries switched off: not taken for
// a retrying sender, whatever do does with its flag.
func (c *Client) PostOnce(req *http.Request) (*http.Response, error) { // want PostOnce:`sends\(param 0\)`
	return c.do(req, false)
}

func (c *Client) do(req *http.Request, retry bool) (*http.Response, error) {
	if !retry {
		return c.HC.Do(req)
	}
	return c.doWithRetries(req)
}
