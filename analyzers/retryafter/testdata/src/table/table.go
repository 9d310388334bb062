// Package table reads wait headers whose names come from a table the
// function ranges over, as generated SDK clients do.
package table

import (
	"net/http"
	"strconv"
	"time"
)

// The header name is a field of a table of struct literals.
func parse(resp *http.Response) (time.Duration, bool) {
	retries := []struct {
		header string
		units  time.Duration
	}{
		{header: "retry-after-ms", units: time.Millisecond},
		{header: "retry-after", units: time.Second},
	}
	for _, retry := range retries {
		v := resp.Header.Get(retry.header)
		if v == "" {
			continue
		}
		// Silent: the only caller, delay, checks the sign (0 <= d).
		if f, err := strconv.ParseFloat(v, 64); err == nil {
			return time.Duration(f * float64(retry.units)), true
		}
		if t, err := http.ParseTime(v); err == nil {
			return time.Until(t), true
		}
	}
	return 0, false
}

func backoff(attempt int) time.Duration { return 100 * time.Millisecond << attempt }

// Must flag: the wait from the table is honoured only below a minute.
func delay(resp *http.Response, attempt int) time.Duration {
	if d, ok := parse(resp); ok && 0 <= d && d < time.Minute { // want `Retry-After is honoured only below time.Minute`
		return d
	}
	return backoff(attempt)
}

// The same helper, whose caller takes the value as it comes.
func parseUnchecked(resp *http.Response) (time.Duration, bool) {
	for _, h := range []string{"retry-after-ms"} {
		if f, err := strconv.ParseFloat(resp.Header.Get(h), 64); err == nil { // want `a negative .* value is accepted as the wait`
			return time.Duration(f * float64(time.Millisecond)), true
		}
	}
	return 0, false
}

func delayUnchecked(resp *http.Response, attempt int) time.Duration {
	if d, ok := parseUnchecked(resp); ok {
		return d
	}
	return backoff(attempt)
}

// The name is a string of a literal list.
func first(resp *http.Response, limit time.Duration) time.Duration {
	for _, h := range []string{"X-Amz-Retry-After", "X-Ms-Retry-After-Ms"} {
		if n, err := strconv.Atoi(resp.Header.Get(h)); err == nil { // want `a negative .* value is accepted as the wait`
			return min(time.Duration(n)*time.Millisecond, limit) // want `Retry-After is capped by min`
		}
	}
	return 0
}

// Must stay silent: the table holds no wait header.
func traceID(resp *http.Response, limit time.Duration) time.Duration {
	for _, h := range []string{"X-Request-Id", "X-Trace-Id"} {
		if n, err := strconv.Atoi(resp.Header.Get(h)); err == nil {
			return min(time.Duration(n)*time.Millisecond, limit)
		}
	}
	return 0
}
