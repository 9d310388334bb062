// Package coreloop holds an API client whose core sends the method each
// operation hands it and retries a 429 itself: an operation that hands it
// POST sends a write, which a caller's retry sends again; an RPC core that
// sends every call, reads too, as a POST says nothing by it.
package coreloop

import (
	"bytes"
	"context"
	"net/http"
	"time"
)

type Client struct{ hc *http.Client }

// do sends a request of the method it is handed, and retries a 429 itself.
func (c *Client) do(ctx context.Context, method, url string, body []byte) (*http.Response, error) {
	for attempt := 0; attempt < 3; attempt++ {
		req, err := http.NewRequestWithContext(ctx, method, url, bytes.NewReader(body))
		if err != nil {
			return nil, err
		}
		resp, err := c.hc.Do(req)
		if err != nil {
			return nil, err
		}
		if resp.StatusCode != http.StatusTooManyRequests {
			return resp, nil
		}
		resp.Body.Close()
		time.Sleep(time.Second)
	}
	return nil, nil
}

func (c *Client) CreateOrder(ctx context.Context, body []byte) error { // want CreateOrder:"write\\(POST\\)"
	resp, err := c.do(ctx, http.MethodPost, "https://api.example.com/orders", body)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

func (c *Client) GetOrder(ctx context.Context) error {
	resp, err := c.do(ctx, http.MethodGet, "https://api.example.com/orders/1", nil)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

func Submit(ctx context.Context, c *Client, body []byte) error {
	var err error
	for i := 0; i < 5; i++ {
		if err = c.CreateOrder(ctx, body); err == nil { // want "POST is retried after a transport error without an idempotency key \\(CreateOrder sends it\\)"
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

func Fetch(ctx context.Context, c *Client) error {
	var err error
	for i := 0; i < 5; i++ {
		if err = c.GetOrder(ctx); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

// rpc sends every call as a POST, reads and writes alike, and retries a
// 429 itself: a POST says nothing about the call.
func (c *Client) rpc(ctx context.Context, route string, body []byte) (*http.Response, error) {
	for attempt := 0; attempt < 3; attempt++ {
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, "https://api.example.com/rpc/"+route, bytes.NewReader(body))
		if err != nil {
			return nil, err
		}
		resp, err := c.hc.Do(req)
		if err != nil {
			return nil, err
		}
		if resp.StatusCode != http.StatusTooManyRequests {
			return resp, nil
		}
		resp.Body.Close()
		time.Sleep(time.Second)
	}
	return nil, nil
}

func (c *Client) ListFolder(ctx context.Context, body []byte) error {
	resp, err := c.rpc(ctx, "list_folder", body)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

func List(ctx context.Context, c *Client, body []byte) error {
	var err error
	for i := 0; i < 5; i++ {
		if err = c.ListFolder(ctx, body); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}
