// Package units reads the wait headers of the default family with their
// units: Retry-After in seconds, retry-after-ms, x-ms-retry-after-ms and
// X-Amz-Retry-After in milliseconds.
package units

import (
	"net/http"
	"strconv"
	"time"
)

// Must flag: seconds read as milliseconds.
func secondsAsMillis(resp *http.Response) time.Duration {
	if t, err := http.ParseTime(resp.Header.Get("Retry-After")); err == nil {
		return time.Until(t)
	}
	n, err := strconv.Atoi(resp.Header.Get("Retry-After")) // want `a negative .* value is accepted as the wait`
	if err != nil {
		return 0
	}
	return time.Duration(n) * time.Millisecond // want `Retry-After is in seconds but is multiplied by time.Millisecond`
}

// Must flag: milliseconds read as seconds.
func millisAsSeconds(resp *http.Response) time.Duration {
	n, err := strconv.Atoi(resp.Header.Get("retry-after-ms")) // want `a negative .* value is accepted as the wait`
	if err != nil {
		return 0
	}
	return time.Duration(n) * time.Second // want `a wait header in milliseconds is multiplied by time.Second`
}

// Must stay silent: each header in its own unit.
func millisAsMillis(resp *http.Response) time.Duration {
	n, err := strconv.Atoi(resp.Header.Get("X-Ms-Retry-After-Ms")) // want `a negative .* value is accepted as the wait`
	if err != nil {
		return 0
	}
	return time.Duration(n) * time.Millisecond
}

func secondsAsSeconds(resp *http.Response) time.Duration {
	if t, err := http.ParseTime(resp.Header.Get("Retry-After")); err == nil {
		return time.Until(t)
	}
	n, err := strconv.Atoi(resp.Header.Get("Retry-After")) // want `a negative .* value is accepted as the wait`
	if err != nil {
		return 0
	}
	return time.Duration(n) * time.Second
}

// Must flag: a cap on a header in milliseconds is a cap.
func capMillis(resp *http.Response, limit time.Duration) time.Duration {
	n, err := strconv.Atoi(resp.Header.Get("X-Amz-Retry-After")) // want `a negative .* value is accepted as the wait`
	if err != nil {
		return 0
	}
	return min(time.Duration(n)*time.Millisecond, limit) // want `Retry-After is capped by min`
}

// Must stay silent: a millisecond header is not expected to carry a date.
func millisNoDate(resp *http.Response) (time.Duration, error) {
	n, err := strconv.ParseInt(resp.Header.Get("retry-after-ms"), 10, 64) // want `a negative .* value is accepted as the wait`
	if err != nil {
		return 0, err
	}
	return time.Duration(n) * time.Millisecond, nil
}

// Must stay silent: seconds scaled to milliseconds before time.Millisecond.
func secondsScaled(resp *http.Response) time.Duration {
	if t, err := http.ParseTime(resp.Header.Get("Retry-After")); err == nil {
		return time.Until(t)
	}
	n, err := strconv.ParseUint(resp.Header.Get("Retry-After"), 10, 32)
	if err != nil {
		return 0
	}
	ms := n * 1000
	return time.Millisecond * time.Duration(ms)
}

// Must flag: a factor other than 1000 leaves the value in seconds.
func secondsTimesTen(resp *http.Response) time.Duration {
	if t, err := http.ParseTime(resp.Header.Get("Retry-After")); err == nil {
		return time.Until(t)
	}
	n, err := strconv.ParseUint(resp.Header.Get("Retry-After"), 10, 32)
	if err != nil {
		return 0
	}
	return time.Duration(n*10) * time.Millisecond // want `Retry-After is in seconds but is multiplied by time.Millisecond`
}
