// Package small holds waits that are honoured only when they are small, in
// functions that can return an error: the fix gives up above the limit
// instead of honouring an unbounded wait.
package small

import (
	"errors"
	"net/http"
	"strconv"
	"time"
)

const maxWait = 30 * time.Second

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

// The give-up opens the body, which runs for every wait the server sent.
func waitFor(resp *http.Response, attempt int) (time.Duration, error) {
	if d := retryAfter(resp); d > 0 && d < maxWait { // want `Retry-After is honoured only below maxWait`
		return d, nil
	}
	return backoff(attempt), nil
}

// The condition is the limit alone: the give-up goes before the body.
func waitForAssign(resp *http.Response, attempt int, limit time.Duration) (time.Duration, error) {
	ra := retryAfter(resp)
	wait := backoff(attempt)
	if ra <= limit { // want `Retry-After is honoured only below limit`
		wait = ra
	}
	return wait, nil
}

// Must stay silent: the shape the fix writes.
func waitForFixed(resp *http.Response, attempt int) (time.Duration, error) {
	if d := retryAfter(resp); d > 0 {
		if d >= maxWait {
			return 0, errors.New("retry_after_exceeds_deadline")
		}
		return d, nil
	}
	return backoff(attempt), nil
}

// Must stay silent: a long wait gives up already.
func waitForGivesUp(resp *http.Response) (time.Duration, error) {
	if d := retryAfter(resp); d < maxWait {
		return d, nil
	}
	return 0, errors.New("retry_after_exceeds_deadline")
}
