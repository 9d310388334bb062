// Package decorated: a request sent through a decorator of the package
// that edits the request it is handed and hands it back
// (c.hc.Do(c.authorize(req))) is that request, with its method and the
// keys the decorator sets.
package decorated

import (
	"bytes"
	"net/http"
	"time"
)

type Client struct {
	base  string
	token string
	hc    *http.Client
}

func (c *Client) authorize(r *http.Request) *http.Request {
	r.Header.Set("Authorization", "Bearer "+c.token)
	return r
}

func withKey(r *http.Request, key string) *http.Request {
	r.Header.Set("Idempotency-Key", key)
	return r
}

// Must flag: the POST, authorized, re-sent after a transport error.
func (c *Client) Create(body []byte) error {
	var err error
	for i := 0; i < 3; i++ {
		req, rerr := http.NewRequest(http.MethodPost, c.base+"/orders", bytes.NewReader(body))
		if rerr != nil {
			return rerr
		}
		var resp *http.Response
		resp, err = c.hc.Do(c.authorize(req)) // want `POST is retried after a transport error without an idempotency key`
		if err == nil {
			return resp.Body.Close()
		}
		time.Sleep(time.Second)
	}
	return err
}

// Must stay silent: the decorator sets one key, made before the loop.
func (c *Client) CreateKeyed(body []byte, key string) error {
	var err error
	for i := 0; i < 3; i++ {
		req, rerr := http.NewRequest(http.MethodPost, c.base+"/orders", bytes.NewReader(body))
		if rerr != nil {
			return rerr
		}
		var resp *http.Response
		resp, err = c.hc.Do(withKey(c.authorize(req), key))
		if err == nil {
			return resp.Body.Close()
		}
		time.Sleep(time.Second)
	}
	return err
}

// Must stay silent: a GET.
func (c *Client) Get() error {
	var err error
	for i := 0; i < 3; i++ {
		req, rerr := http.NewRequest(http.MethodGet, c.base+"/orders", nil)
		if rerr != nil {
			return rerr
		}
		var resp *http.Response
		resp, err = c.hc.Do(c.authorize(req))
		if err == nil {
			return resp.Body.Close()
		}
		time.Sleep(time.Second)
	}
	return err
}
