// Package waiterr fills an error's field with the server's wait; package
// fields reads it.
package waiterr

import (
	"net/http"
	"strconv"
	"time"
)

// RateLimitError is returned for a 429; RetryAfter is the server's wait.
type RateLimitError struct {
	RetryAfter *time.Duration
	// Backoff is the client's own suggestion, never from a header.
	Backoff time.Duration
	Message string
}

func (e *RateLimitError) Error() string { return e.Message }

// GetRetryAfter returns the server's wait, zero when none.
func (e *RateLimitError) GetRetryAfter() time.Duration {
	if e == nil || e.RetryAfter == nil {
		return 0
	}
	return *e.RetryAfter
}

// GetBackoff returns the client's own wait.
func (e *RateLimitError) GetBackoff() time.Duration { return e.Backoff }

// parseRetryAfter reads both forms and rejects negative values.
func parseRetryAfter(r *http.Response) *time.Duration {
	v := r.Header.Get("Retry-After")
	if v == "" {
		return nil
	}
	if n, err := strconv.ParseInt(v, 10, 64); err == nil {
		if n < 0 {
			return nil
		}
		d := time.Duration(n) * time.Second
		return &d
	}
	if t, err := http.ParseTime(v); err == nil {
		d := time.Until(t)
		return &d
	}
	return nil
}

// Check turns a 429 into a *RateLimitError.
func Check(r *http.Response) error {
	if r.StatusCode == http.StatusTooManyRequests {
		return &RateLimitError{RetryAfter: parseRetryAfter(r), Backoff: time.Second, Message: "rate limited"}
	}
	return nil
}
