// Package overflow multiplies parsed wait headers into a time.Duration.
// With -overflow, a number that can be too large for a time.Duration is
// reported: the product wraps around (Retry-After: 10000000000 gives a
// negative wait), and the client retries at once.
package overflow

import (
	"errors"
	"math"
	"net/http"
	"strconv"
	"time"
)

// The sign is checked, the size is not (go-retryablehttp's shape).
func signOnly(resp *http.Response) (time.Duration, bool) {
	if t, err := http.ParseTime(resp.Header.Get("Retry-After")); err == nil {
		return time.Until(t), true
	}
	sleep, err := strconv.ParseInt(resp.Header.Get("Retry-After"), 10, 64) // want `a Retry-After value too large for a time.Duration is multiplied by time.Second unchecked`
	if err != nil {
		return 0, false
	}
	if sleep < 0 {
		return 0, false
	}
	return time.Second * time.Duration(sleep), true
}

// Atoi's int, with the sign in the error check.
func atoiChained(h http.Header, fallback time.Duration) time.Duration {
	n, err := strconv.Atoi(h.Get("X-Ms-Retry-After-Ms")) // want `a wait header value too large for a time.Duration is multiplied by time.Millisecond unchecked`
	if err != nil || n < 0 {
		return fallback
	}
	return time.Duration(n) * time.Millisecond
}

// An unsigned parse of a milliseconds header, used when it parses.
func unsignedMillis(h http.Header, fallback time.Duration) time.Duration {
	if ms, err := strconv.ParseUint(h.Get("Retry-After-Ms"), 10, 64); err == nil { // want `a wait header value too large for a time.Duration is multiplied by time.Millisecond unchecked`
		return time.Duration(ms) * time.Millisecond
	}
	return fallback
}

// A float, multiplied before the conversion.
func float(h http.Header, fallback time.Duration) time.Duration {
	f, err := strconv.ParseFloat(h.Get("Retry-After-Ms"), 64) // want `a wait header value too large for a time.Duration is multiplied by float64\(time.Millisecond\) unchecked`
	if err != nil || f < 0 {
		return fallback
	}
	return time.Duration(f * float64(time.Millisecond))
}

// Neither the sign nor the size: one finding for both.
func neither(h http.Header) time.Duration {
	n, err := strconv.Atoi(h.Get("X-Amz-Retry-After")) // want `a negative wait header value, or one too large for a time.Duration`
	if err != nil {
		return time.Second
	}
	return time.Duration(n) * time.Millisecond
}

// The failure path hands err on: the range becomes an error first.
func handsErrOn(h http.Header) (time.Duration, error) {
	n, err := strconv.ParseInt(h.Get("Retry-After-Ms"), 10, 64) // want `a wait header value too large for a time.Duration is multiplied by time.Millisecond unchecked`
	if err != nil {
		return 0, err
	}
	if n < 0 {
		return 0, errors.New("negative")
	}
	return time.Duration(n) * time.Millisecond, nil
}

// Must stay silent: the size is bounded before the product.
func bounded(h http.Header, fallback time.Duration) time.Duration {
	n, err := strconv.Atoi(h.Get("Retry-After-Ms"))
	if err != nil || n < 0 || n > 86400000 {
		return fallback
	}
	return time.Duration(n) * time.Millisecond
}

// Must stay silent: clamped to what a time.Duration holds (trino's shape).
func clamped(h http.Header) (time.Duration, bool) {
	if t, err := http.ParseTime(h.Get("Retry-After")); err == nil {
		return time.Until(t), true
	}
	secs, err := strconv.ParseInt(h.Get("Retry-After"), 10, 64)
	if err != nil || secs < 0 {
		return 0, false
	}
	if secs > math.MaxInt64/int64(time.Second) {
		secs = math.MaxInt64 / int64(time.Second)
	}
	return time.Duration(secs) * time.Second, true
}

// Must stay silent: the number is never multiplied into a duration.
func notMultiplied(h http.Header) bool {
	n, err := strconv.Atoi(h.Get("Retry-After-Ms"))
	if err != nil || n < 0 {
		return false
	}
	return n == 0
}

// Must stay silent: not a wait header.
func notAWait(h http.Header) time.Duration {
	n, err := strconv.ParseInt(h.Get("X-Request-Timeout"), 10, 64)
	if err != nil || n < 0 {
		return 0
	}
	return time.Duration(n) * time.Second
}
