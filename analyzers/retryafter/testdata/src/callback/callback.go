// Package callback receives the server's wait through a callback, as a
// retry library does, and shortens it at random.
package callback

import (
	"math/rand"
	"net/http"
	"time"
)

// RetryAfterFunc returns how long the server asked to wait.
type RetryAfterFunc func(resp *http.Response) (time.Duration, error)

type Client struct {
	RetryAfter RetryAfterFunc
	MaxWait    time.Duration
	// Backoff is the client's own policy, not the server's wait.
	Backoff func(attempt int) time.Duration
}

// Must flag: the callback's wait is capped, as resty does.
func (c *Client) sleepDuration(resp *http.Response) (time.Duration, error) {
	result, err := c.RetryAfter(resp)
	if err != nil {
		return 0, err
	}
	if result < 0 || c.MaxWait < result { // want `Retry-After is capped by if result > c.MaxWait`
		result = c.MaxWait
	}
	return result, nil
}

// Must stay silent: a cap on the client's own backoff callback.
func (c *Client) backoff(attempt int) time.Duration {
	d := c.Backoff(attempt)
	if d > c.MaxWait {
		d = c.MaxWait
	}
	return d
}

func retryAfter(resp *http.Response) time.Duration {
	if t, err := http.ParseTime(resp.Header.Get("Retry-After")); err == nil { // want `Retry-After is parsed only as an HTTP-date`
		return time.Until(t)
	}
	return 0
}

// Must flag: the server's wait bounds a random wait.
func fullJitter(resp *http.Response) time.Duration {
	ra := retryAfter(resp)
	return time.Duration(rand.Int63n(int64(ra) + 1)) // want `Retry-After is the upper bound of a random wait`
}

// Must flag: a random jitter is subtracted from it.
func minusJitter(resp *http.Response) time.Duration {
	ra := retryAfter(resp)
	return ra - time.Duration(rand.Int63n(int64(time.Second))) // want `a random jitter is subtracted from Retry-After`
}

// Must stay silent: jitter on top of the server's wait.
func plusJitter(resp *http.Response) time.Duration {
	return retryAfter(resp) + time.Duration(rand.Int63n(int64(time.Second)))
}

// Must stay silent: the time already elapsed is no jitter.
func elapsed(resp *http.Response, received time.Time) time.Duration {
	return retryAfter(resp) - time.Since(received)
}
