package fields

import (
	"errors"
	"net/http"
	"time"

	"waiterr"
)

type Client struct {
	hc      *http.Client
	MaxWait time.Duration
	until   time.Time
}

// Do caps the server's wait, kept in another package's error field.
func (c *Client) Do(req *http.Request) (*http.Response, error) {
	resp, err := c.hc.Do(req)
	if err != nil {
		return nil, err
	}
	err = waiterr.Check(resp)
	var rerr *waiterr.RateLimitError
	if errors.As(err, &rerr) && rerr.RetryAfter != nil {
		if c.MaxWait > 0 && rerr.GetRetryAfter() > c.MaxWait { // want `Retry-After is capped by if rerr.GetRetryAfter\(\) > c.MaxWait \{ rerr.RetryAfter = &c.MaxWait \}`
			rerr.RetryAfter = &c.MaxWait
		}
		c.until = time.Now().Add(*rerr.RetryAfter)
	}
	return resp, err
}

// sleep caps it with min.
func (c *Client) sleep(err error) {
	var rerr *waiterr.RateLimitError
	if errors.As(err, &rerr) {
		time.Sleep(min(rerr.GetRetryAfter(), c.MaxWait)) // want `Retry-After is capped by min`
	}
}

// ownBackoff caps the client's own wait, a field no header fills: right.
func (c *Client) ownBackoff(err error) {
	var rerr *waiterr.RateLimitError
	if errors.As(err, &rerr) {
		if rerr.Backoff > c.MaxWait {
			rerr.Backoff = c.MaxWait
		}
		time.Sleep(min(rerr.GetBackoff(), c.MaxWait))
	}
}

// floor keeps the server's wait as a lower bound: right.
func (c *Client) floor(err error) time.Duration {
	var rerr *waiterr.RateLimitError
	if errors.As(err, &rerr) {
		return max(rerr.GetRetryAfter(), time.Second)
	}
	return time.Second
}

// throttle is filled in this package from the header.
type throttle struct {
	wait time.Duration
	name string
}

func readThrottle(resp *http.Response) throttle {
	d, err := time.ParseDuration(resp.Header.Get("X-Amz-Retry-After") + "ms")
	if err != nil || d < 0 {
		return throttle{name: "none"}
	}
	return throttle{wait: d, name: "server"}
}

func (c *Client) waitThrottle(resp *http.Response) error {
	t := readThrottle(resp)
	if t.wait > c.MaxWait { // want `Retry-After is capped by if t.wait > c.MaxWait \{ t.wait = c.MaxWait \}`
		t.wait = c.MaxWait
	}
	time.Sleep(t.wait)
	return nil
}

// keepsName does not touch the wait.
func (c *Client) keepsName(resp *http.Response) string {
	t := readThrottle(resp)
	if len(t.name) > 10 {
		t.name = t.name[:10]
	}
	return t.name
}
