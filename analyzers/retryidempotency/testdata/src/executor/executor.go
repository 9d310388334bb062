// Package executor sends requests through retry helpers that run the
// operation their struct holds in a field.
package executor

import (
	"bytes"
	"io"
	"net/http"

	"executor/run"
)

type Client struct {
	hc *http.Client
}

func (c *Client) createReq(method, url string, body []byte) (*http.Request, error) {
	return http.NewRequest(method, url, bytes.NewReader(body))
}

// doRequest tests the method for what it sends, each attempt alike: no
// guard of the retry.
func (c *Client) doRequest(req *http.Request) (resp *http.Response, body []byte, err error) {
	if req.Method == http.MethodPost {
		req.Header.Set("Content-Type", "application/json")
	}
	resp, err = c.hc.Do(req)
	if err != nil {
		return
	}
	defer resp.Body.Close()
	body, err = io.ReadAll(resp.Body)
	return
}

// Send builds a request of the method it is handed in the operation, and
// the executor runs it again after a transport error or a 5xx.
func (c *Client) Send(method, url string, content []byte) (resp *http.Response, body []byte, err error) {
	e := run.Executor{
		MaxRetries: 3,
		Handler: func() (bool, error) {
			req, rerr := c.createReq(method, url, content)
			if rerr != nil {
				return false, rerr
			}
			resp, body, err = c.doRequest(req) // want `a request of any method is re-sent after a transport error or status 500 without a check of its method`
			if err != nil {
				return true, err
			}
			return resp.StatusCode >= 500, nil
		},
	}
	err = e.Execute()
	return
}

// CreateOrder posts an order, the executor held in a variable whose
// field is set after it is made.
func (c *Client) CreateOrder(url string, order []byte) error {
	var e run.Executor
	e.MaxRetries = 3
	e.Handler = func() (bool, error) {
		req, err := http.NewRequest(http.MethodPost, url, bytes.NewReader(order))
		if err != nil {
			return false, err
		}
		resp, err := c.hc.Do(req) // want `POST is retried by Execute after a transport error without an idempotency key`
		if err != nil {
			return true, err
		}
		resp.Body.Close()
		return false, nil
	}
	return e.Execute()
}

// ---- must stay silent ----

// CreateOrderOnce answers false after a transport error: the POST is run
// again only after a 503, which says it was not processed.
func (c *Client) CreateOrderOnce(url string, order []byte) error {
	e := &run.Executor{
		MaxRetries: 3,
		Handler: func() (bool, error) {
			req, err := http.NewRequest(http.MethodPost, url, bytes.NewReader(order))
			if err != nil {
				return false, err
			}
			resp, err := c.hc.Do(req)
			if err != nil {
				return false, err
			}
			resp.Body.Close()
			return resp.StatusCode == http.StatusServiceUnavailable, nil
		},
	}
	return e.Execute()
}

// CheckAll posts each body once from a hook: not an operation run again.
func (c *Client) CheckAll(url string, bodies [][]byte) error {
	ch := run.Checker{Check: func(b []byte) error {
		resp, err := c.hc.Post(url, "application/json", bytes.NewReader(b))
		if err != nil {
			return err
		}
		return resp.Body.Close()
	}}
	return ch.Run(bodies)
}
