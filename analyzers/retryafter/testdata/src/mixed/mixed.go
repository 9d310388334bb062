// Package mixed holds caps on a variable that is the server's Retry-After
// wait on some paths and the client's own backoff on others. Only the
// server's path is wrong; the fix must keep the cap on the client's own
// backoff.
package mixed

import (
	"errors"
	"net/http"
	"strconv"
	"time"
)

type Client struct {
	MaxWait time.Duration
}

func retryAfter(resp *http.Response) time.Duration {
	v := resp.Header.Get("Retry-After")
	if t, err := http.ParseTime(v); err == nil {
		return time.Until(t)
	}
	secs, err := strconv.Atoi(v) // want `a negative .* value is accepted as the wait`
	if err != nil {
		return 0
	}
	return time.Duration(secs) * time.Second
}

func backoff(attempt int) time.Duration { return 100 * time.Millisecond << attempt }

// The server's wait when it sent one, the client's backoff otherwise, then
// capped: the fix gives up on the server's path and keeps the cap.
func (c *Client) waitFor(resp *http.Response, attempt int) (time.Duration, error) {
	wait := retryAfter(resp)
	if wait == 0 {
		wait = backoff(attempt)
	}
	return min(wait, c.MaxWait), nil // want `Retry-After is capped by min\(\.\.\.\)`
}

// The same with the backoff first and an if statement as the cap.
func (c *Client) waitForIf(resp *http.Response, attempt int) (time.Duration, error) {
	wait := backoff(attempt)
	if ra := retryAfter(resp); ra > 0 {
		wait = ra
	}
	if wait > c.MaxWait { // want `Retry-After is capped by if wait > c.MaxWait`
		wait = c.MaxWait
	}
	return wait, nil
}

// No error can be returned: the fix bounds the client's own backoff where
// it is made and honours the server's wait.
func (c *Client) sleepFor(resp *http.Response, attempt int) {
	wait := retryAfter(resp)
	if wait <= 0 {
		wait = backoff(attempt)
	}
	time.Sleep(min(wait, c.MaxWait)) // want `Retry-After is capped by min\(\.\.\.\)`
}

// Must stay silent: the server's wait gives up above the limit right where
// it is read, so the cap bounds only the client's own backoff (the shape
// the fix of waitFor writes).
func (c *Client) guardedWaitFor(resp *http.Response, attempt int) (time.Duration, error) {
	wait := retryAfter(resp)
	if wait > c.MaxWait {
		return 0, errors.New("retry_after_exceeds_deadline")
	}
	if wait == 0 {
		wait = backoff(attempt)
	}
	return min(wait, c.MaxWait), nil
}

// Must flag: the give-up compares with another limit than the cap's, so a
// wait between the two is still shortened.
func (c *Client) guardedOtherLimit(resp *http.Response, attempt int, hard time.Duration) (time.Duration, error) {
	wait := retryAfter(resp)
	if wait > hard {
		return 0, errors.New("retry_after_exceeds_deadline")
	}
	if wait == 0 {
		wait = backoff(attempt)
	}
	return min(wait, c.MaxWait), nil // want `Retry-After is capped by min\(\.\.\.\)`
}

// Must flag: the check after the read only logs, it does not give up.
func (c *Client) checkedNotGivenUp(resp *http.Response, attempt int) (time.Duration, error) {
	wait := retryAfter(resp)
	if wait > c.MaxWait {
		println("long wait")
	}
	if wait == 0 {
		wait = backoff(attempt)
	}
	return min(wait, c.MaxWait), nil // want `Retry-After is capped by min\(\.\.\.\)`
}

// Must stay silent: the cap is on the client's own backoff alone.
func (c *Client) ownOnly(attempt int) time.Duration {
	wait := backoff(attempt)
	return min(wait, c.MaxWait)
}
