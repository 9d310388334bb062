// Package answered retries writes after the server refused the attempt
// with a 4xx (a 401 before a new token, a 409 conflict), which did not
// apply it, and after a 502, which may have.
package answered

import (
	"bytes"
	"context"
	"errors"
	"net/http"
	"time"
)

type client struct {
	hc    *http.Client
	token string
}

func (c *client) refresh(ctx context.Context) error {
	c.token = "new"
	return nil
}

// Silent: a 401 is followed by a new token and the write sent again; the
// attempt answered 401 was not applied.
func (c *client) createAfterRefresh(ctx context.Context, body []byte) error {
	for range 2 {
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, "https://example.com/orders", bytes.NewReader(body))
		if err != nil {
			return err
		}
		req.Header.Set("Authorization", "Bearer "+c.token)
		resp, err := c.hc.Do(req)
		if err != nil {
			return err
		}
		resp.Body.Close()
		if resp.StatusCode == http.StatusUnauthorized {
			if err := c.refresh(ctx); err != nil {
				return err
			}
			continue
		}
		return nil
	}
	return errors.New("createAfterRefresh: unauthorized")
}

// Silent: only a 409 conflict is retried.
func (c *client) createOnConflict(ctx context.Context, body []byte) error {
	for range 3 {
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, "https://example.com/orders", bytes.NewReader(body))
		if err != nil {
			return err
		}
		resp, err := c.hc.Do(req)
		if err != nil {
			return err
		}
		resp.Body.Close()
		if resp.StatusCode == http.StatusConflict {
			time.Sleep(time.Second)
			continue
		}
		return nil
	}
	return errors.New("createOnConflict: conflict")
}

// A 409 or a 502: the 502 may come after the write was applied.
func (c *client) createOnConflictOrGateway(ctx context.Context, body []byte) error {
	for range 3 {
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, "https://example.com/orders", bytes.NewReader(body))
		if err != nil {
			return err
		}
		resp, err := c.hc.Do(req) // want `POST is retried after status 502 without an idempotency key`
		if err != nil {
			return err
		}
		resp.Body.Close()
		if resp.StatusCode == http.StatusConflict || resp.StatusCode == http.StatusBadGateway {
			time.Sleep(time.Second)
			continue
		}
		return nil
	}
	return errors.New("createOnConflictOrGateway: attempts exhausted")
}
