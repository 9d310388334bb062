// Package zerotime waits until a time the server sent, kept in a struct
// field that is the zero time when the header was missing or malformed.
package zerotime

import (
	"context"
	"errors"
	"net/http"
	"strconv"
	"time"

	"zerotimeutil"
)

type client struct {
	hc          *http.Client
	nextAllowed time.Time
}

// do retries once by calling itself, after waiting until the reset that
// another package parsed, through a helper of that package (go-github's
// shape).
func (c *client) do(ctx context.Context, req *http.Request, retry bool) (*http.Response, error) {
	resp, err := c.hc.Do(req)
	if err != nil {
		return nil, err
	}
	if resp.StatusCode == http.StatusTooManyRequests && retry {
		rate := zerotimeutil.ParseRate(resp)
		resp.Body.Close()
		if err := zerotimeutil.SleepUntil(ctx, rate.Reset.Time); err != nil { // want `the server's time in Reset is waited on with no test for the zero time`
			return nil, err
		}
		return c.do(ctx, req, false)
	}
	return resp, nil
}

// throttle is what a 429 said; until stays zero without a usable header.
type throttle struct {
	until time.Time
}

func parseThrottle(resp *http.Response) throttle {
	var t throttle
	if n, err := strconv.Atoi(resp.Header.Get("RateLimit-Reset")); err == nil && n > 0 {
		t.until = time.Now().Add(time.Duration(n) * time.Second)
	}
	return t
}

// fetch sleeps until the reset in a loop.
func fetch(ctx context.Context, hc *http.Client, url string) (*http.Response, error) {
	for attempt := 0; attempt < 3; attempt++ {
		req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
		if err != nil {
			return nil, err
		}
		resp, err := hc.Do(req)
		if err != nil {
			return nil, err
		}
		if resp.StatusCode != http.StatusTooManyRequests {
			return resp, nil
		}
		th := parseThrottle(resp)
		resp.Body.Close()
		time.Sleep(time.Until(th.until)) // want `the server's time in until is waited on with no test for the zero time`
	}
	return nil, errors.New("still throttled")
}

// LimitError carries the reset of a rate limit.
type LimitError struct {
	ResetAt time.Time // want ResetAt:`waitfield\(header unset\)`
}

func (e *LimitError) Error() string { return "rate limited" }

func check(resp *http.Response) error {
	if resp.StatusCode != http.StatusTooManyRequests {
		return nil
	}
	e := &LimitError{}
	if n, err := strconv.ParseInt(resp.Header.Get("X-RateLimit-Reset"), 10, 64); err == nil && n > 0 {
		e.ResetAt = time.Unix(n, 0)
	}
	return e
}

// get waits on a timer channel until the reset of the error.
func get(ctx context.Context, hc *http.Client, req *http.Request) (*http.Response, error) {
	for {
		resp, err := hc.Do(req)
		if err != nil {
			return nil, err
		}
		var le *LimitError
		if !errors.As(check(resp), &le) {
			return resp, nil
		}
		resp.Body.Close()
		select {
		case <-ctx.Done():
			return nil, ctx.Err()
		case <-time.After(time.Until(le.ResetAt)): // want `the server's time in ResetAt is waited on with no test for the zero time`
		}
	}
}

// The look-alikes below stay silent.

// fetchKnown stops when the reset is unknown.
func fetchKnown(ctx context.Context, hc *http.Client, url string) (*http.Response, error) {
	for attempt := 0; attempt < 3; attempt++ {
		req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
		if err != nil {
			return nil, err
		}
		resp, err := hc.Do(req)
		if err != nil {
			return nil, err
		}
		if resp.StatusCode != http.StatusTooManyRequests {
			return resp, nil
		}
		th := parseThrottle(resp)
		resp.Body.Close()
		if th.until.IsZero() {
			return nil, errors.New("throttled without a reset")
		}
		time.Sleep(time.Until(th.until))
	}
	return nil, errors.New("still throttled")
}

// doKnown waits through a helper that tests for the zero time.
func (c *client) doKnown(ctx context.Context, req *http.Request, retry bool) (*http.Response, error) {
	resp, err := c.hc.Do(req)
	if err != nil {
		return nil, err
	}
	if resp.StatusCode == http.StatusTooManyRequests && retry {
		rate := zerotimeutil.ParseRate(resp)
		resp.Body.Close()
		if err := zerotimeutil.SleepUntilKnown(ctx, rate.Reset.Time); err != nil {
			return nil, err
		}
		return c.doKnown(ctx, req, false)
	}
	return resp, nil
}

// waitForReset waits until the reset and returns: no retry follows here.
func waitForReset(ctx context.Context, resp *http.Response) error {
	rate := zerotimeutil.ParseRate(resp)
	return zerotimeutil.SleepUntil(ctx, rate.Reset.Time)
}

// pace waits until a time of the client's own, in a retry loop.
func (c *client) pace(ctx context.Context, req *http.Request) (*http.Response, error) {
	for attempt := 0; attempt < 3; attempt++ {
		time.Sleep(time.Until(c.nextAllowed))
		resp, err := c.hc.Do(req)
		if err == nil && resp.StatusCode < 500 {
			return resp, nil
		}
		if resp != nil {
			resp.Body.Close()
		}
		c.nextAllowed = time.Now().Add(time.Second)
	}
	return nil, errors.New("server unavailable")
}

// QuotaError is made only when the reset parses: its reset is never the
// zero time.
type QuotaError struct {
	Until time.Time // want Until:`waitfield\(header\)`
}

func (e *QuotaError) Error() string { return "quota exhausted" }

func checkQuota(resp *http.Response) error {
	if resp.StatusCode != http.StatusTooManyRequests {
		return nil
	}
	n, err := strconv.ParseInt(resp.Header.Get("X-RateLimit-Reset"), 10, 64)
	if err != nil || n <= 0 {
		return errors.New("throttled without a reset")
	}
	return &QuotaError{Until: time.Unix(n, 0)}
}

// getQuota waits until a reset that is always set.
func getQuota(hc *http.Client, req *http.Request) (*http.Response, error) {
	for attempt := 0; attempt < 3; attempt++ {
		resp, err := hc.Do(req)
		if err != nil {
			return nil, err
		}
		var qe *QuotaError
		if !errors.As(checkQuota(resp), &qe) {
			return resp, nil
		}
		resp.Body.Close()
		time.Sleep(time.Until(qe.Until))
	}
	return nil, errors.New("quota still exhausted")
}
