// Package waitcap holds wait helpers that cap the wait they are handed
// before they wait: handed the server's Retry-After, they shorten it.
package waitcap

import (
	"context"
	"net/http"
	"strconv"
	"time"
)

type Client struct {
	HC          *http.Client
	MaxWaitTime time.Duration
	WaitTime    time.Duration
}

func retryAfter(v string) (time.Duration, bool) {
	if secs, err := strconv.Atoi(v); err == nil && secs >= 0 {
		return time.Duration(secs) * time.Second, true
	}
	if t, err := http.ParseTime(v); err == nil {
		return max(time.Until(t), 0), true
	}
	return 0, false
}

// backOff caps the wait it is handed by the client's limit.
func (c *Client) backOff(ctx context.Context, t time.Duration) {
	if t > c.MaxWaitTime {
		t = c.MaxWaitTime
	}
	timer := time.NewTimer(t)
	defer timer.Stop()
	select {
	case <-ctx.Done():
	case <-timer.C:
	}
}

// sleepAtMost caps the wait by its second parameter.
func sleepAtMost(d, most time.Duration) {
	d = min(d, most)
	time.Sleep(d)
}

// ---- must flag ----

func (c *Client) Get(ctx context.Context, url string) (*http.Response, error) {
	for n := 1; ; n++ {
		req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
		if err != nil {
			return nil, err
		}
		resp, err := c.HC.Do(req)
		if err != nil || resp.StatusCode != http.StatusTooManyRequests || n >= 3 {
			return resp, err
		}
		wait, ok := retryAfter(resp.Header.Get("Retry-After"))
		if !ok {
			return resp, nil
		}
		resp.Body.Close()
		c.backOff(ctx, wait) // want `Retry-After is capped by backOff, which waits at most c.MaxWaitTime`
	}
}

func (c *Client) Head(url string) (*http.Response, error) {
	for n := 1; ; n++ {
		resp, err := c.HC.Head(url)
		if err != nil || resp.StatusCode != http.StatusServiceUnavailable || n >= 3 {
			return resp, err
		}
		resp.Body.Close()
		wait, ok := retryAfter(resp.Header.Get("Retry-After"))
		if !ok {
			wait = time.Second
		}
		sleepAtMost(wait, 30*time.Second) // want `Retry-After is capped by sleepAtMost, which waits at most 30\*time.Second`
	}
}

// ---- must stay silent ----

// Own waits only: the helper caps the client's own backoff.
func (c *Client) Put(ctx context.Context, url string) (*http.Response, error) {
	for n := 1; ; n++ {
		req, err := http.NewRequestWithContext(ctx, http.MethodPut, url, nil)
		if err != nil {
			return nil, err
		}
		resp, err := c.HC.Do(req)
		if err != nil || resp.StatusCode < 500 || n >= 3 {
			return resp, err
		}
		resp.Body.Close()
		c.backOff(ctx, c.WaitTime*time.Duration(n))
	}
}

// Guarded gives up above the limit before it waits.
func (c *Client) Guarded(ctx context.Context, url string) (*http.Response, error) {
	for n := 1; ; n++ {
		req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
		if err != nil {
			return nil, err
		}
		resp, err := c.HC.Do(req)
		if err != nil || resp.StatusCode != http.StatusTooManyRequests || n >= 3 {
			return resp, err
		}
		resp.Body.Close()
		wait, ok := retryAfter(resp.Header.Get("Retry-After"))
		if !ok {
			return resp, nil
		}
		if wait > c.MaxWaitTime {
			return nil, context.DeadlineExceeded
		}
		c.backOff(ctx, wait)
	}
}

// plainWait waits for what it is handed.
func plainWait(d time.Duration) { time.Sleep(d) }

func (c *Client) Plain(url string) (*http.Response, error) {
	for n := 1; ; n++ {
		resp, err := c.HC.Get(url)
		if err != nil || resp.StatusCode != http.StatusTooManyRequests || n >= 3 {
			return resp, err
		}
		resp.Body.Close()
		wait, ok := retryAfter(resp.Header.Get("Retry-After"))
		if !ok {
			return resp, nil
		}
		plainWait(wait)
	}
}

// min pads rather than caps: a look-alike of the builtin.
func (c *Client) min(d, pad time.Duration) time.Duration { return d + pad }

func (c *Client) padded(d time.Duration) {
	d = c.min(d, c.MaxWaitTime)
	time.Sleep(d)
}

// waitThenClamp waits for the whole wait, and caps it for a log line
// after.
func (c *Client) waitThenClamp(d time.Duration) {
	time.Sleep(d)
	if d > c.MaxWaitTime {
		d = c.MaxWaitTime
	}
	_ = d
}

func (c *Client) LookAlikes(url string) (*http.Response, error) {
	for n := 1; ; n++ {
		resp, err := c.HC.Get(url)
		if err != nil || resp.StatusCode != http.StatusTooManyRequests || n >= 3 {
			return resp, err
		}
		resp.Body.Close()
		wait, ok := retryAfter(resp.Header.Get("Retry-After"))
		if !ok {
			return resp, nil
		}
		if n == 1 {
			c.padded(wait)
		} else {
			c.waitThenClamp(wait)
		}
	}
}
