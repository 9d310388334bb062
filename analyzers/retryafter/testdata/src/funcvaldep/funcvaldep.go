// Package funcvaldep declares a retry policy whose backoff is a function
// value: its default backoff returns the server's Retry-After wait on a
// 429, its plain one never reads a header.
package funcvaldep

import (
	"net/http"
	"strconv"
	"time"
)

// Backoff returns how long to wait before the next attempt.
type Backoff func(attempt int, resp *http.Response) time.Duration

// RetryAfterBackoff returns the server's Retry-After wait when a 429 has
// one, and an exponential backoff otherwise.
func RetryAfterBackoff(base time.Duration) Backoff {
	return func(attempt int, resp *http.Response) time.Duration {
		if resp != nil && resp.StatusCode == http.StatusTooManyRequests {
			if t, err := http.ParseTime(resp.Header.Get("Retry-After")); err == nil {
				return time.Until(t)
			}
			if s, err := strconv.Atoi(resp.Header.Get("Retry-After")); err == nil && s > 0 {
				return time.Duration(s) * time.Second
			}
		}
		return base << attempt
	}
}

// Policy is a retry policy.
type Policy struct {
	Backoff Backoff
	MaxWait time.Duration
	// Step is the client's own backoff, never the server's wait.
	Step func(attempt int) time.Duration
}

// Default is the policy that honours Retry-After through its backoff.
var Default = Policy{Backoff: RetryAfterBackoff(100 * time.Millisecond), MaxWait: 3 * time.Second, Step: exponential}

func exponential(attempt int) time.Duration { return 100 * time.Millisecond << attempt }
