// Package poll polls a job's status until it is done: a loop that sends
// again only after a success is no retry, while one that also sends
// again after a failure is.
package poll

import (
	"context"
	"fmt"
	"net/http"
	"time"
)

type client struct{ hc *http.Client }

func newClient() *client { return &client{hc: &http.Client{Timeout: 10 * time.Second}} }

func pause(ctx context.Context) error { // want pause:`ctxquery\(1\)`
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-time.After(2 * time.Second):
		return nil
	}
}

// Silent: every failure ends the poll, and only a finished job's answer
// starts another request.
func (c *client) waitDone(ctx context.Context, url string) error {
	for {
		req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
		if err != nil {
			return err
		}
		resp, err := c.hc.Do(req)
		if err != nil {
			return err
		}
		resp.Body.Close()
		if resp.StatusCode != http.StatusOK {
			return fmt.Errorf("job status: %s", resp.Status)
		}
		if resp.Header.Get("X-Job-State") == "done" {
			return nil
		}
		if err := pause(ctx); err != nil {
			return err
		}
	}
}

// Silent: the status is held in a variable and checked by a range.
func (c *client) waitRange(ctx context.Context, url string) error {
	for {
		req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
		if err != nil {
			return err
		}
		resp, err := c.hc.Do(req)
		if err != nil {
			return err
		}
		code := resp.StatusCode
		resp.Body.Close()
		if code < 200 || code > 299 {
			return fmt.Errorf("job status %d", code)
		}
		if resp.Header.Get("X-Job-State") == "done" {
			return nil
		}
		if err := pause(ctx); err != nil {
			return err
		}
	}
}

// A poll that also sends again after a transport error retries it.
func (c *client) waitRetrying(ctx context.Context, url string) error {
	for {
		req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
		if err != nil {
			return err
		}
		resp, err := c.hc.Do(req) // want `per-attempt timeout \(http.Client.Timeout\) inside retry loop but no overall deadline`
		if err == nil {
			resp.Body.Close()
			if resp.StatusCode == http.StatusOK && resp.Header.Get("X-Job-State") == "done" {
				return nil
			}
		}
		if err := pause(ctx); err != nil {
			return err
		}
	}
}

// A poll that sends again after a 503 retries it.
func (c *client) waitThrough503(ctx context.Context, url string) error {
	for {
		req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
		if err != nil {
			return err
		}
		resp, err := c.hc.Do(req) // want `per-attempt timeout \(http.Client.Timeout\) inside retry loop but no overall deadline`
		if err != nil {
			return err
		}
		resp.Body.Close()
		if resp.StatusCode != http.StatusOK && resp.StatusCode != http.StatusServiceUnavailable {
			return fmt.Errorf("job status: %s", resp.Status)
		}
		if resp.StatusCode == http.StatusOK && resp.Header.Get("X-Job-State") == "done" {
			return nil
		}
		if err := pause(ctx); err != nil {
			return err
		}
	}
}

// A later error in the loop is not the send's: whether a failure leaves
// is not known, and the loop is judged as a retry.
func (c *client) waitDecode(ctx context.Context, url string, decode func(*http.Response) error) error {
	for {
		req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
		if err != nil {
			return err
		}
		resp, err := c.hc.Do(req) // want `per-attempt timeout \(http.Client.Timeout\) inside retry loop but no overall deadline`
		if err != nil {
			return err
		}
		err = decode(resp)
		resp.Body.Close()
		if err != nil {
			if err := pause(ctx); err != nil {
				return err
			}
			continue
		}
		return nil
	}
}
