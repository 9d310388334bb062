// Package reset reads the rate limit reset headers (X-RateLimit-Reset, an
// epoch time at GitHub; RateLimit-Reset, the seconds until the reset in
// the IETF draft) as the server's wait.
package reset

import (
	"context"
	"errors"
	"net/http"
	"strconv"
	"time"

	"resetutil"
)

const maxWait = time.Minute

// secondaryWait drops the parse error of an epoch reset: a malformed value
// is epoch 0, a reset long past, and the wait is negative.
func secondaryWait(r *http.Response) *time.Duration {
	if v := r.Header.Get("x-ratelimit-reset"); v != "" {
		epoch, _ := strconv.ParseInt(v, 10, 64) // want `the error of strconv.ParseInt on a rate limit reset value is dropped`
		d := time.Until(time.Unix(epoch, 0))
		return &d
	}
	return nil
}

// untilReset drops the parse error of the seconds until the reset.
func untilReset(resp *http.Response) (time.Duration, error) {
	n, _ := strconv.Atoi(resp.Header.Get("RateLimit-Reset")) // want `the error of strconv.Atoi on a rate limit reset value is dropped`
	return time.Duration(n) * time.Second, nil
}

// resetTime drops the error of a fractional epoch.
func resetTime(h http.Header) (time.Time, bool) {
	f, _ := strconv.ParseFloat(h.Get("X-Ratelimit-Reset"), 64) // want `the error of strconv.ParseFloat on a rate limit reset value is dropped`
	return time.Unix(int64(f), 0), true
}

// viaHelper reads the header through another package's helper.
func viaHelper(resp *http.Response) (time.Time, error) {
	n, _ := strconv.ParseInt(resetutil.ResetHeader(resp), 10, 64) // want `the error of strconv.ParseInt on a rate limit reset value is dropped`
	return time.Unix(n, 0), nil
}

// waitForReset caps the wait until the reset that another package's
// helper computed.
func waitForReset(ctx context.Context, c *http.Client, req *http.Request) (*http.Response, error) {
	for {
		resp, err := c.Do(req)
		if err != nil || resp.StatusCode != http.StatusTooManyRequests {
			return resp, err
		}
		resp.Body.Close()
		d, ok := resetutil.UntilReset(resp)
		if !ok {
			d = time.Second
		}
		t := time.NewTimer(min(d, maxWait)) // want `Retry-After is capped by min`
		select {
		case <-ctx.Done():
			t.Stop()
			return nil, ctx.Err()
		case <-t.C:
		}
	}
}

// The look-alikes below stay silent.

// resetAt checks the error and leaves the sign alone: a reset before the
// epoch, like any reset in the past, is rightly no wait.
func resetAt(resp *http.Response) (time.Time, error) {
	n, err := strconv.ParseInt(resp.Header.Get("X-RateLimit-Reset"), 10, 64)
	if err != nil {
		return time.Time{}, err
	}
	return time.Unix(n, 0), nil
}

// Rate is the rate limit state the server reported.
type Rate struct {
	Remaining int
	Reset     time.Time // want Reset:`waitfield\(header unset\)`
}

// populate tells a malformed reset (zero) apart from a real one.
func (r *Rate) populate(h http.Header) {
	if v := h.Get("X-RateLimit-Reset"); v != "" {
		if n, _ := strconv.ParseInt(v, 10, 64); n != 0 {
			r.Reset = time.Unix(n, 0)
		}
	}
}

// remaining drops the error of a header that is no wait.
func remaining(resp *http.Response) (int, error) {
	n, _ := strconv.Atoi(resp.Header.Get("X-RateLimit-Remaining"))
	return n, nil
}

// floorAtReset uses the reset as a lower bound on the client's own
// backoff.
func floorAtReset(resp *http.Response, backoff time.Duration) time.Duration {
	if d, ok := resetutil.UntilReset(resp); ok {
		return max(backoff, d)
	}
	return backoff
}

// positiveOnly compares the seconds until the reset with zero, so a
// malformed value is not taken for a wait.
func positiveOnly(resp *http.Response) (time.Duration, error) {
	n, _ := strconv.Atoi(resp.Header.Get("RateLimit-Reset"))
	if n > 0 {
		return time.Duration(n) * time.Second, nil
	}
	return 0, errors.New("no reset")
}

// A reset time clamped at zero, then capped: the fix takes the cap away
// and leaves the zero as it is (min(0, maxWait) would bound nothing).
func clampedReset(resp *http.Response) (time.Duration, bool) {
	reset, err := strconv.ParseInt(resp.Header.Get("X-RateLimit-Reset"), 10, 64)
	if err != nil || reset <= 0 {
		return 0, false
	}
	wait := time.Until(time.Unix(reset, 0))
	if wait < 0 {
		wait = 0
	}
	return min(wait, maxWait), true // want `Retry-After is capped by min`
}
