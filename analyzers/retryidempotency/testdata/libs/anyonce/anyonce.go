// Package anyonce holds senders that retry requests of any method through
// a retry library's operation and return something else than the send's
// results (a wrapped response, decoded bytes): the fix keeps a request
// that may not be replayed to one attempt with the library's own setting.
package anyonce

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strings"
	"time"

	retrygo "github.com/avast/retry-go/v4"
	backoff4 "github.com/cenkalti/backoff/v4"
	backoff5 "github.com/cenkalti/backoff/v5"
	goretry "github.com/sethvargo/go-retry"
)

// Response wraps the answer, as an SDK's own response type.
type Response struct{ *http.Response }

type Client struct {
	hc   *http.Client
	base string
}

// ---- must flag ----

// Do re-sends any request after a transport error or a 5xx.
func (c *Client) Do(req *http.Request) (*Response, error) {
	var resp *Response
	b := backoff4.NewExponentialBackOff()
	b.MaxElapsedTime = 10 * time.Second
	err := backoff4.Retry(func() error {
		r, err := c.hc.Do(req) // want `a request of any method is re-sent by backoff.Retry after a transport error without a check of its method or an Idempotency-Key header`
		if err != nil {
			return err
		}
		resp = &Response{r}
		if r.StatusCode >= 500 {
			r.Body.Close()
			return fmt.Errorf("status %d", r.StatusCode)
		}
		return nil
	}, backoff4.WithContext(b, req.Context()))
	return resp, err
}

// call builds the request with its caller's method in the operation.
func (c *Client) call(ctx context.Context, method, path string, body string) ([]byte, error) {
	op := func() ([]byte, error) {
		req, err := http.NewRequestWithContext(ctx, method, c.base+path, strings.NewReader(body))
		if err != nil {
			return nil, backoff5.Permanent(err)
		}
		resp, err := c.hc.Do(req) // want `a request of any method is re-sent by backoff.Retry after a transport error`
		if err != nil {
			return nil, err
		}
		defer resp.Body.Close()
		if resp.StatusCode >= 500 {
			return nil, fmt.Errorf("status %d", resp.StatusCode)
		}
		return io.ReadAll(resp.Body)
	}
	return backoff5.Retry(ctx, op, backoff5.WithMaxTries(3))
}

func (c *Client) Create(ctx context.Context, body string) error {
	_, err := c.call(ctx, http.MethodPost, "/items", body)
	return err
}

// Fetch re-sends the request it is handed through retry-go.
func (c *Client) Fetch(req *http.Request) (int, error) {
	var code int
	err := retrygo.Do(func() error {
		resp, err := c.hc.Do(req) // want `a request of any method is re-sent by retry.Do after a transport error`
		if err != nil {
			return err
		}
		resp.Body.Close()
		code = resp.StatusCode
		return nil
	}, retrygo.Attempts(3), retrygo.Delay(100*time.Millisecond))
	return code, err
}

// Send re-sends the request it is handed through go-retry.
func (c *Client) Send(ctx context.Context, req *http.Request) (bool, error) {
	var ok bool
	b := goretry.WithMaxRetries(3, goretry.NewConstant(100*time.Millisecond))
	err := goretry.Do(ctx, b, func(ctx context.Context) error {
		resp, err := c.hc.Do(req) // want `a request of any method is re-sent by retry.Do after a transport error`
		if err != nil {
			return goretry.RetryableError(err)
		}
		resp.Body.Close()
		ok = resp.StatusCode < 300
		return nil
	})
	return ok, err
}

// ---- must stay silent ----

// DoChecked stops on a transport error for a request that may not be
// replayed.
func (c *Client) DoChecked(req *http.Request) (*Response, error) {
	var resp *Response
	err := backoff4.Retry(func() error {
		r, err := c.hc.Do(req)
		if err != nil {
			if req.Method != http.MethodGet {
				return backoff4.Permanent(err)
			}
			return err
		}
		resp = &Response{r}
		return nil
	}, backoff4.NewExponentialBackOff())
	return resp, err
}

// callOnce retries only what the server refused with a 429.
func (c *Client) callOnce(ctx context.Context, method, path string) ([]byte, error) {
	return backoff5.Retry(ctx, func() ([]byte, error) {
		req, err := http.NewRequestWithContext(ctx, method, c.base+path, nil)
		if err != nil {
			return nil, backoff5.Permanent(err)
		}
		resp, err := c.hc.Do(req)
		if err != nil {
			return nil, backoff5.Permanent(err)
		}
		defer resp.Body.Close()
		if resp.StatusCode == http.StatusTooManyRequests {
			return nil, errors.New("rate limited")
		}
		return io.ReadAll(resp.Body)
	}, backoff5.WithMaxTries(3))
}

func (c *Client) Update(ctx context.Context) error {
	_, err := c.callOnce(ctx, http.MethodPatch, "/items/1")
	return err
}
