// Package freshhelper: a helper that makes an Idempotency-Key of its own
// on every call, retried by a loop, gives each attempt a new key, which
// the server cannot tie to the first: a write applied before a lost
// answer is applied again. The fix makes one key before the loop and
// hands it to the helper, which makes its own only for the callers that
// hand none.
package freshhelper

import (
	"bytes"
	"context"
	"crypto/rand"
	"errors"
	"fmt"
	"net/http"
	"time"

	"github.com/google/uuid"
)

type Client struct {
	base string
	key  string
	hc   *http.Client
}

func (c *Client) post(ctx context.Context, path string, body []byte) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.base+path, bytes.NewReader(body))
	if err != nil {
		return err
	}
	req.Header.Set("Idempotency-Key", uuid.New().String())
	resp, err := c.hc.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	if resp.StatusCode >= 300 {
		return fmt.Errorf("gateway: %s", resp.Status)
	}
	return nil
}

// CreateTransfer: must flag, a new key on every attempt.
func (c *Client) CreateTransfer(ctx context.Context, body []byte) error {
	var err error
	for i := 0; i < 3; i++ {
		err = c.post(ctx, "/transfers", body) // want `POST is retried after a transport error with an idempotency key that post makes anew on every call`
		if err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

// Notify sends once: the helper still makes its key for it.
func (c *Client) Notify(ctx context.Context, body []byte) error { // want Notify:"write\\(POST keyed fresh\\)"
	return c.post(ctx, "/notify", body)
}

type transientError struct{ err error }

func (e *transientError) Error() string { return e.err.Error() }

// do sends a request of the method it is handed, with a new key for the
// writes.
func (c *Client) do(ctx context.Context, method, path string, body []byte) error {
	req, err := http.NewRequestWithContext(ctx, method, c.base+path, bytes.NewReader(body))
	if err != nil {
		return err
	}
	if method == http.MethodPost || method == http.MethodPatch {
		req.Header.Set("Idempotency-Key", rand.Text())
	}
	resp, err := c.hc.Do(req)
	if err != nil {
		return &transientError{err}
	}
	defer resp.Body.Close()
	if resp.StatusCode >= 300 {
		return fmt.Errorf("gateway: %s", resp.Status)
	}
	return nil
}

// call retries do: must flag, the writes its callers ask for get a new
// key on every attempt.
func (c *Client) call(ctx context.Context, method, path string, body []byte) error {
	var err error
	for i := 0; i < 3; i++ {
		err = c.do(ctx, method, path, body) // want `a request of its caller's method \(method\) is retried after a transport error with an idempotency key that do makes anew on every call`
		var te *transientError
		if !errors.As(err, &te) {
			return err
		}
		time.Sleep(time.Second)
	}
	return err
}

func (c *Client) Refund(ctx context.Context, body []byte) error { // want Refund:"write\\(POST keyed fresh\\)"
	return c.call(ctx, http.MethodPost, "/refunds", body)
}

func (c *Client) Refunds(ctx context.Context) error {
	return c.call(ctx, http.MethodGet, "/refunds", nil)
}

// postKeyed sets the key it is handed.
func (c *Client) postKeyed(ctx context.Context, path string, body []byte, key string) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.base+path, bytes.NewReader(body))
	if err != nil {
		return err
	}
	req.Header.Set("Idempotency-Key", key)
	resp, err := c.hc.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// CreatePayout makes one key for every attempt: must stay silent.
func (c *Client) CreatePayout(ctx context.Context, body []byte) error {
	key := uuid.NewString()
	var err error
	for i := 0; i < 3; i++ {
		if err = c.postKeyed(ctx, "/payouts", body, key); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

// postWithAccountKey sets the client's own fixed key, the same on every
// call: must stay silent.
func (c *Client) postWithAccountKey(ctx context.Context, path string, body []byte) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.base+path, bytes.NewReader(body))
	if err != nil {
		return err
	}
	req.Header.Set("Idempotency-Key", c.key)
	resp, err := c.hc.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

func (c *Client) CreateCharge(ctx context.Context, body []byte) error {
	var err error
	for i := 0; i < 3; i++ {
		if err = c.postWithAccountKey(ctx, "/charges", body); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}
