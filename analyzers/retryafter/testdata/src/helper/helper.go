// Package helper holds Retry-After helpers whose callers live in another
// package.
package helper

import (
	"net/http"
	"strconv"
	"time"
)

// RetryAfter parses both forms of the header.
func RetryAfter(resp *http.Response) time.Duration { // want RetryAfter:`retryafter\(result0=retry-after\)`
	v := resp.Header.Get("Retry-After")
	if secs, err := strconv.Atoi(v); err == nil {
		return time.Duration(secs) * time.Second
	}
	if t, err := http.ParseTime(v); err == nil {
		return time.Until(t)
	}
	return 0
}

// Seconds parses a header value as seconds only.
func Seconds(v string) time.Duration { // want Seconds:`retryafter\(result0=p0 seconds=p0\)`
	n, err := strconv.Atoi(v)
	if err != nil {
		return 0
	}
	return time.Duration(n) * time.Second
}

// Date parses a header value as an HTTP-date.
func Date(v string) (time.Duration, bool) { // want Date:`retryafter\(result0=p0 date=p0\)`
	t, err := http.ParseTime(v)
	if err != nil {
		return 0, false
	}
	return time.Until(t), true
}

// Wrap passes a wait through.
func Wrap(d time.Duration) time.Duration { return d + time.Millisecond } // want Wrap:`retryafter\(result0=p0\)`
