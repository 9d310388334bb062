package chain

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
)

// A transport whose write goes through two helpers, the first of which
// another sender shares: retried by recursion.
type transport struct {
	endpoint string
	client   *http.Client
}

func (t *transport) clientPost(body io.Reader) (*http.Response, error) {
	req, err := http.NewRequest("POST", t.endpoint, body)
	if err != nil {
		return nil, err
	}
	req.Header.Set("Content-Type", "application/json")
	return t.client.Do(req)
}

func (t *transport) post(body map[string]any) (bool, error) {
	b, err := json.Marshal(body)
	if err != nil {
		return false, err
	}
	resp, err := t.clientPost(bytes.NewReader(b))
	if err != nil {
		return true, err
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return resp.StatusCode == http.StatusTooManyRequests, err
	}
	return false, nil
}

func (t *transport) Send(body map[string]any) error { // want Send:`write\(POST\)`
	return t.doSend(body, 3)
}

func (t *transport) doSend(body map[string]any, retriesLeft int) error {
	canRetry, err := t.post(body) // want `POST is retried by a call of doSend to itself after a transport error without an idempotency key \(post sends it\)`
	if err != nil {
		if !canRetry || retriesLeft <= 0 {
			return err
		}
		return t.doSend(body, retriesLeft-1)
	}
	return nil
}

// Once is another caller of post: it keeps sending without a key.
func (t *transport) Once(body map[string]any) error { // want Once:`write\(POST\)`
	_, err := t.post(body)
	return err
}

// A loop whose write goes through create, then do, which other
// functions share (one of them in another file).
type client struct {
	hc  *http.Client
	url string
}

func (c *client) do(ctx context.Context, path string, body []byte) (*http.Response, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.url+path, bytes.NewReader(body))
	if err != nil {
		return nil, err
	}
	return c.hc.Do(req)
}

func (c *client) create(ctx context.Context, order []byte) error {
	resp, err := c.do(ctx, "/orders", order)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

func (c *client) PlaceOrder(ctx context.Context, order []byte) error {
	var err error
	for range 3 {
		if err = c.create(ctx, order); err == nil { // want `POST is retried after a transport error without an idempotency key \(create sends it\)`
			return nil
		}
	}
	return err
}

// One request per item: iteration, not a retry.
func (c *client) PlaceAll(ctx context.Context, orders [][]byte) error {
	for _, o := range orders {
		if err := c.create(ctx, o); err != nil {
			return err
		}
	}
	return nil
}

// A chain that ends in a GET.
func (c *client) get(ctx context.Context, path string) (*http.Response, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, c.url+path, nil)
	if err != nil {
		return nil, err
	}
	return c.hc.Do(req)
}

func (c *client) status(ctx context.Context) error {
	resp, err := c.get(ctx, "/status")
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

func (c *client) WaitReady(ctx context.Context) error {
	var err error
	for range 5 {
		if err = c.status(ctx); err == nil {
			return nil
		}
	}
	return err
}
