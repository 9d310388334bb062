// Package errhelper retries a helper that sends a request of its
// caller's method and returns its error alone (err := c.do(ctx, method,
// path, body)), and a loop whose attempt is the default clause of a
// select that checks for cancellation first.
package errhelper

import (
	"context"
	"errors"
	"net/http"
	"strings"
	"time"
)

type client struct {
	hc      *http.Client
	base    string
	retries int
}

type transient struct{ err error }

func (t transient) Error() string { return t.err.Error() }
func (t transient) Unwrap() error { return t.err }

func (c *client) do(ctx context.Context, method, path, body string) error {
	req, err := http.NewRequestWithContext(ctx, method, c.base+path, strings.NewReader(body))
	if err != nil {
		return err
	}
	resp, err := c.hc.Do(req)
	if err != nil {
		return transient{err}
	}
	defer resp.Body.Close()
	if resp.StatusCode >= 500 {
		return transient{errors.New(resp.Status)}
	}
	return nil
}

func (c *client) doWithRetry(ctx context.Context, method, path, body string) error {
	var last error
	for attempt := 0; attempt <= c.retries; attempt++ {
		err := c.do(ctx, method, path, body) // want `a request of its caller's method \(method\) is re-sent after a transport error without a check of the method or an Idempotency-Key header`
		if err == nil {
			return nil
		}
		last = err
		var t transient
		if !errors.As(err, &t) {
			return err
		}
		time.Sleep(100 * time.Millisecond)
	}
	return last
}

// writeOff is the caller that hands doWithRetry a POST.
func (c *client) writeOff(ctx context.Context, code string) error {
	return c.doWithRetry(ctx, http.MethodPost, "/products/"+code+"/writeoff", "{}")
}

// doIdempotent retries only the methods that are safe to replay: silent.
func (c *client) doIdempotent(ctx context.Context, method, path, body string) error {
	var last error
	for attempt := 0; attempt <= c.retries; attempt++ {
		err := c.do(ctx, method, path, body)
		if err == nil {
			return nil
		}
		if method != http.MethodGet && method != http.MethodPut {
			return err
		}
		last = err
		time.Sleep(100 * time.Millisecond)
	}
	return last
}

func (c *client) refund(ctx context.Context, code string) error {
	return c.doIdempotent(ctx, http.MethodPost, "/products/"+code+"/refund", "{}")
}

// postUntilUp checks for cancellation at the top of each attempt, in a
// select whose default clause is the attempt: a retry all the same.
func (c *client) postUntilUp(ctx context.Context, body string) error {
	for i := 0; ; i++ {
		select {
		case <-ctx.Done():
			return ctx.Err()
		default:
			resp, err := c.hc.Post(c.base+"/events", "application/json", strings.NewReader(body)) // want `POST is retried after a transport error without an idempotency key`
			if err == nil {
				return resp.Body.Close()
			}
			if i == 3 {
				return err
			}
		}
	}
}

// postEach posts once for each event it receives: a consumer, not a
// retry. Silent.
func (c *client) postEach(ctx context.Context, events <-chan string) {
	for {
		select {
		case <-ctx.Done():
			return
		case body := <-events:
			resp, err := c.hc.Post(c.base+"/events", "application/json", strings.NewReader(body))
			if err != nil {
				continue
			}
			resp.Body.Close()
		}
	}
}
