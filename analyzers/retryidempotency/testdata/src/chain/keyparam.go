package chain

import (
	"bytes"
	"context"
	"crypto/rand"
	"net/http"
)

// sendKeyed takes its key as a parameter and sets it only when there is
// one.
func (c *client) sendKeyed(ctx context.Context, body []byte, key string) (*http.Response, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.url, bytes.NewReader(body))
	if err != nil {
		return nil, err
	}
	if key != "" {
		req.Header.Set("Idempotency-Key", key)
	}
	return c.hc.Do(req)
}

// A retry that hands it no key.
func (c *client) Charge(ctx context.Context, body []byte) error {
	for range 3 {
		resp, err := c.sendKeyed(ctx, body, "") // want `POST is retried after a transport error without an idempotency key \(sendKeyed sends it\)`
		if err != nil {
			continue
		}
		return resp.Body.Close()
	}
	return nil
}

// A retry that hands it one key for every attempt.
func (c *client) ChargeKeyed(ctx context.Context, body []byte) error {
	key := rand.Text()
	for range 3 {
		resp, err := c.sendKeyed(ctx, body, key)
		if err != nil {
			continue
		}
		return resp.Body.Close()
	}
	return nil
}

// A single send without a key.
func (c *client) ChargeOnce(ctx context.Context, body []byte) error { // want ChargeOnce:`write\(POST\)`
	resp, err := c.sendKeyed(ctx, body, "")
	if err != nil {
		return err
	}
	return resp.Body.Close()
}
