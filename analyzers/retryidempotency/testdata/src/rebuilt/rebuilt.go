// Package rebuilt holds senders that build their request again after a
// failed send, with the call that built it before the loop (to sign it
// again): the same request, sent again.
package rebuilt

import (
	"net/http"
	"strings"
	"time"
)

// Do is the type of a send, and hookDo a hook that tests replace.
type Do func(req *http.Request) (*http.Response, error)

var hookDo = func(fn Do) Do { return fn }

// Request is an SDK request of any method.
type Request struct {
	Method, URL, Body string
}

type Client struct {
	httpClient *http.Client
	maxRetry   int
}

func (c *Client) build(r *Request) (*http.Request, error) {
	return http.NewRequest(r.Method, r.URL, strings.NewReader(r.Body))
}

func (c *Client) buildAt(r *Request, cursor string) (*http.Request, error) {
	return http.NewRequest(r.Method, r.URL+"?cursor="+cursor, strings.NewReader(r.Body))
}

// DoAction signs the request again before each retry: the request of any
// method is sent again after a transport error.
func (c *Client) DoAction(r *Request) (resp *http.Response, err error) { // want DoAction:"write\\(method of param 0 field Method\\)"
	httpRequest, err := c.build(r)
	if err != nil {
		return nil, err
	}
	for retry := 0; retry <= c.maxRetry; retry++ {
		resp, err = hookDo(c.httpClient.Do)(httpRequest) // want `a request of any method is re-sent after a transport error without a check of its method or an Idempotency-Key header`
		if err == nil {
			return resp, nil
		}
		httpRequest, err = c.build(r)
		if err != nil {
			return nil, err
		}
	}
	return resp, err
}

// Pages builds the next request from the cursor the last response gave:
// one request per page, silent.
func (c *Client) Pages(r *Request) (n int, err error) { // want Pages:"write\\(method of param 0 field Method\\)"
	httpRequest, err := c.buildAt(r, "")
	if err != nil {
		return 0, err
	}
	for {
		resp, err := c.httpClient.Do(httpRequest)
		if err != nil {
			return n, err
		}
		n++
		next := resp.Header.Get("Next-Cursor")
		resp.Body.Close()
		if next == "" {
			return n, nil
		}
		httpRequest, err = c.buildAt(r, next)
		if err != nil {
			return n, err
		}
	}
}

// Each builds one request per item with the builder it used first: the
// arguments differ, silent.
func (c *Client) Each(items []*Request) error {
	httpRequest, err := c.build(items[0])
	if err != nil {
		return err
	}
	for i := 1; i <= len(items); i++ {
		resp, err := c.httpClient.Do(httpRequest)
		if err != nil {
			return err
		}
		resp.Body.Close()
		if i == len(items) {
			break
		}
		httpRequest, err = c.build(items[i])
		if err != nil {
			return err
		}
	}
	return nil
}

// sign builds the order's POST and signs it with the time.
func (c *Client) sign(body string) (*http.Request, error) {
	r, err := http.NewRequest(http.MethodPost, "https://api.example/orders", strings.NewReader(body))
	if err == nil {
		r.Header.Set("X-Signature", time.Now().String())
	}
	return r, err
}

// PlaceOrder signs the order again before each retry: the POST is sent
// again after a transport error; the fix sets one key on the request
// before the loop and on each request signed again.
func (c *Client) PlaceOrder(body string) (*http.Response, error) {
	req, err := c.sign(body)
	if err != nil {
		return nil, err
	}
	var resp *http.Response
	for i := 0; i < c.maxRetry; i++ {
		resp, err = c.httpClient.Do(req) // want `POST is retried after a transport error without an idempotency key`
		if err == nil {
			return resp, nil
		}
		time.Sleep(time.Second)
		req, err = c.sign(body)
		if err != nil {
			return nil, err
		}
	}
	return resp, err
}

// Forward sends each message the channel gives, built with the same
// builder: one request per message whatever the outcome, silent.
func (c *Client) Forward(in <-chan string) error {
	req, err := c.sign(<-in)
	for err == nil {
		resp, derr := c.httpClient.Do(req)
		if derr == nil {
			resp.Body.Close()
		}
		req, err = c.sign(<-in)
	}
	return err
}

// Drain sends the pending batch, then builds the next from what is left:
// the builder's operands are the same, but it runs whatever the outcome,
// silent.
func (c *Client) Drain(pending *[]string) error {
	req, err := c.batch(pending)
	for req != nil && err == nil {
		resp, derr := c.httpClient.Do(req)
		if derr == nil {
			resp.Body.Close()
		}
		req, err = c.batch(pending)
	}
	return err
}

func (c *Client) batch(pending *[]string) (*http.Request, error) {
	if len(*pending) == 0 {
		return nil, nil
	}
	body := strings.Join(*pending, "\n")
	*pending = nil
	return http.NewRequest(http.MethodPost, "https://api.example/batch", strings.NewReader(body))
}
