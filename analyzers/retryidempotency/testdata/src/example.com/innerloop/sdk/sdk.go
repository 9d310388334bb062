// Package sdk sends every call as a POST and retries it itself after a
// 429, a definite rejection: its own loop is correct.
package sdk

import (
	"context"
	"errors"
	"io"
	"net/http"
	"time"
)

type Context struct{ Client *http.Client }

func (c *Context) newRequest(ctx context.Context, route string, body io.Reader) (*http.Request, error) {
	return http.NewRequestWithContext(ctx, "POST", "https://api.example.com/"+route, body)
}

// Execute sends route's call, again after a 429.
func (c *Context) Execute(ctx context.Context, route string, body io.Reader) ([]byte, error) { // want Execute:`write\(POST\)`
	for attempt := 0; ; attempt++ {
		req, err := c.newRequest(ctx, route, body)
		if err != nil {
			return nil, err
		}
		resp, err := c.Client.Do(req)
		if err != nil {
			return nil, err
		}
		if resp.StatusCode == http.StatusOK {
			defer resp.Body.Close()
			return io.ReadAll(resp.Body)
		}
		resp.Body.Close()
		if resp.StatusCode == http.StatusTooManyRequests && attempt < 3 {
			time.Sleep(time.Second)
			continue
		}
		return nil, errors.New(resp.Status)
	}
}

// Fetch reads route, again after a 429.
func (c *Context) Fetch(ctx context.Context, route string) ([]byte, error) {
	for attempt := 0; ; attempt++ {
		req, err := http.NewRequestWithContext(ctx, http.MethodGet, "https://api.example.com/"+route, nil)
		if err != nil {
			return nil, err
		}
		resp, err := c.Client.Do(req)
		if err != nil {
			return nil, err
		}
		if resp.StatusCode == http.StatusTooManyRequests && attempt < 3 {
			resp.Body.Close()
			time.Sleep(time.Second)
			continue
		}
		defer resp.Body.Close()
		return io.ReadAll(resp.Body)
	}
}

// ExecuteKeyed sends route's call with the caller's key on every attempt.
func (c *Context) ExecuteKeyed(ctx context.Context, route, key string, body io.Reader) ([]byte, error) { // want ExecuteKeyed:`write\(POST keyed\)`
	for attempt := 0; ; attempt++ {
		req, err := c.newRequest(ctx, route, body)
		if err != nil {
			return nil, err
		}
		req.Header.Set("Idempotency-Key", key)
		resp, err := c.Client.Do(req)
		if err != nil {
			return nil, err
		}
		if resp.StatusCode == http.StatusTooManyRequests && attempt < 3 {
			resp.Body.Close()
			time.Sleep(time.Second)
			continue
		}
		defer resp.Body.Close()
		return io.ReadAll(resp.Body)
	}
}
