// Package rdoer holds API clients that keep the *http.Client of a
// go-retryablehttp client's StandardClient behind an interface of their
// own (a Doer), and whose CheckRetry adds retries of their own to the
// library's policy: shouldRetry, err := retryablehttp.ErrorPropagatedRetryPolicy(...)
// then return shouldRetry || ... . Every request goes through the Doer,
// whatever its method.
package rdoer

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"

	"github.com/hashicorp/go-retryablehttp"
)

// Doer is what the client sends through: an *http.Client by default.
type Doer interface {
	Do(req *http.Request) (*http.Response, error)
}

type Client struct {
	host string
	doer Doer
}

func NewClient(retryMax int, doer Doer) *Client {
	c := &Client{host: "https://api.example.com", doer: doer}
	if c.doer == nil {
		rc := retryablehttp.NewClient() // want `retryablehttp.Client retries transport errors and 5xx with its CheckRetry, whatever the method, and requests of any method are sent through it without an idempotency key`
		rc.RetryMax = retryMax
		rc.CheckRetry = checkRetry
		rc.Logger = nil
		c.doer = rc.StandardClient()
	}
	return c
}

// checkRetry retries what the library retries, and a 408 as well.
func checkRetry(ctx context.Context, resp *http.Response, err error) (bool, error) { // want checkRetry:"predicate\\(transport=\\? 200=false 201=false 202=false 204=false\\)"
	shouldRetry, err := retryablehttp.ErrorPropagatedRetryPolicy(ctx, resp, err)
	return shouldRetry || err == nil && resp.StatusCode == http.StatusRequestTimeout, nil
}

func (c *Client) Do(ctx context.Context, method, path string, in any) ([]byte, error) { // want Do:`write\(method of param 1\)`
	var body io.Reader
	if in != nil {
		b, err := json.Marshal(in)
		if err != nil {
			return nil, err
		}
		body = bytes.NewReader(b)
	}
	req, err := http.NewRequestWithContext(ctx, method, c.host+path, body)
	if err != nil {
		return nil, err
	}
	req.Header.Set("Content-Type", "application/json")
	resp, err := c.doer.Do(req)
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	return io.ReadAll(resp.Body)
}

func (c *Client) CreateService(ctx context.Context, name string) ([]byte, error) { // want CreateService:`write\(POST\)`
	return c.Do(ctx, http.MethodPost, "/services", map[string]string{"name": name})
}

// ---- must stay silent ----

// A policy that adds to one that retries only a definite rejection.
type Throttled struct {
	doer Doer
}

func NewThrottled() *Throttled {
	rc := retryablehttp.NewClient()
	rc.CheckRetry = onlyRejections
	return &Throttled{doer: rc.StandardClient()}
}

func rejected(ctx context.Context, resp *http.Response, err error) (bool, error) { // want rejected:"predicate\\(transport=false 200=false 201=false 202=false 204=false 500=false 502=false 504=false\\)"
	if err != nil {
		return false, err
	}
	return resp.StatusCode == http.StatusTooManyRequests, nil
}

func onlyRejections(ctx context.Context, resp *http.Response, err error) (bool, error) { // want onlyRejections:"predicate\\(transport=false 200=false 201=false 202=false 204=false 500=false 502=false 504=false\\)"
	retry, err := rejected(ctx, resp, err)
	return retry || err == nil && resp.StatusCode == http.StatusServiceUnavailable, nil
}

func (t *Throttled) Do(ctx context.Context, method, url string) error { // want Do:`write\(method of param 1\)`
	req, err := http.NewRequestWithContext(ctx, method, url, nil)
	if err != nil {
		return err
	}
	resp, err := t.doer.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// The library's policy narrowed by a conjunction: only a 503 is retried.
type Narrow struct {
	doer Doer
}

func NewNarrow() *Narrow {
	rc := retryablehttp.NewClient()
	rc.CheckRetry = func(ctx context.Context, resp *http.Response, err error) (bool, error) {
		retry, checkErr := retryablehttp.DefaultRetryPolicy(ctx, resp, err)
		return retry && resp != nil && resp.StatusCode == http.StatusServiceUnavailable, checkErr
	}
	return &Narrow{doer: rc.StandardClient()}
}

func (n *Narrow) Do(ctx context.Context, method, url string) error { // want Do:`write\(method of param 1\)`
	req, err := http.NewRequestWithContext(ctx, method, url, nil)
	if err != nil {
		return err
	}
	resp, err := n.doer.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// A Doer used only for GETs.
type Reader struct {
	doer Doer
}

func NewReader() *Reader {
	rc := retryablehttp.NewClient()
	rc.CheckRetry = checkRetry
	return &Reader{doer: rc.StandardClient()}
}

func (r *Reader) Get(ctx context.Context, url string) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		return err
	}
	resp, err := r.doer.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}
