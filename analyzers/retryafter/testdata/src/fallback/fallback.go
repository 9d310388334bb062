// Package fallback holds a server wait above a limit replaced by a wait of
// the client's own: the client retries before the server allows.
package fallback

import (
	"errors"
	"log"
	"net/http"
	"strconv"
	"time"
)

const maxWait = 30 * time.Second

func retryAfter(resp *http.Response) (time.Duration, bool) {
	v := resp.Header.Get("Retry-After")
	if n, err := strconv.Atoi(v); err == nil && n >= 0 {
		return time.Duration(n) * time.Second, true
	}
	if t, err := http.ParseTime(v); err == nil {
		return time.Until(t), true
	}
	return 0, false
}

func backoff(attempt int) time.Duration { return 100 * time.Millisecond << attempt }

type client struct {
	maxWait time.Duration
	backoff func(attempt int) time.Duration
}

// wait can return an error: the fallback becomes a give-up.
func (c *client) wait(resp *http.Response, attempt int) (time.Duration, error) {
	d, ok := retryAfter(resp)
	if !ok {
		return c.backoff(attempt), nil
	}
	if d > c.maxWait { // want `Retry-After above c.maxWait is replaced by the client's own wait c.backoff\(attempt\)`
		return c.backoff(attempt), nil
	}
	return d, nil
}

// delay cannot return an error: the fallback goes and the wait is honoured.
func delay(resp *http.Response, attempt int) time.Duration {
	if d, ok := retryAfter(resp); ok {
		if maxWait < d { // want `Retry-After above maxWait is replaced by the client's own wait backoff\(attempt\)`
			return backoff(attempt)
		}
		return d
	}
	return backoff(attempt)
}

// do logs before it substitutes its backoff for the server's wait.
func do(send func() (*http.Response, error)) error {
	for attempt := 0; attempt < 5; attempt++ {
		resp, err := send()
		if err != nil {
			return err
		}
		if resp.StatusCode != http.StatusTooManyRequests {
			return nil
		}
		wait, ok := retryAfter(resp)
		if !ok {
			wait = backoff(attempt)
		}
		if wait > maxWait { // want `Retry-After above maxWait is replaced by the client's own wait backoff\(attempt\)`
			log.Printf("retry-after %v too long, using backoff", wait)
			wait = backoff(attempt)
		}
		time.Sleep(wait)
	}
	return errors.New("too many attempts")
}

// giveUp stops when the server asks for more than the limit: right.
func giveUp(resp *http.Response, attempt int) (time.Duration, error) {
	d, ok := retryAfter(resp)
	if !ok {
		return backoff(attempt), nil
	}
	if d > maxWait {
		return 0, errors.New("retry_after_exceeds_deadline")
	}
	return d, nil
}

// notOK hands a value above the limit back as no value; what the caller
// does then is not known here.
func notOK(resp *http.Response) (time.Duration, bool) {
	d, ok := retryAfter(resp)
	if !ok || d > maxWait {
		return 0, false
	}
	if d > time.Hour {
		return 0, false
	}
	return d, true
}

// floor keeps the longer of the two waits: right.
func floor(resp *http.Response, attempt int) time.Duration {
	b := backoff(attempt)
	if d, ok := retryAfter(resp); ok {
		if d < b {
			return b
		}
		return d
	}
	return b
}

// ownCap caps the client's own backoff, which no Retry-After reaches.
func ownCap(resp *http.Response, attempt int) time.Duration {
	if d, ok := retryAfter(resp); ok {
		return d
	}
	b := backoff(attempt)
	if b > maxWait {
		return maxWait / 2
	}
	return b
}
