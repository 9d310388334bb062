// Package negative parses wait headers as signed numbers: a negative value
// is malformed (Retry-After is a non-negative number of seconds), and used
// as the wait it sends the client back at once.
package negative

import (
	"net/http"
	"strconv"
	"time"
)

func errNotNil(resp *http.Response) time.Duration {
	if t, err := http.ParseTime(resp.Header.Get("Retry-After")); err == nil {
		return time.Until(t)
	}
	secs, err := strconv.Atoi(resp.Header.Get("Retry-After")) // want `a negative Retry-After value is accepted as the wait`
	if err != nil {
		return 0
	}
	return time.Duration(secs) * time.Second
}

func errNil(resp *http.Response, fallback time.Duration) time.Duration {
	ms, err := strconv.ParseFloat(resp.Header.Get("retry-after-ms"), 64) // want `a negative wait header value is accepted as the wait`
	if err == nil {
		return time.Duration(ms * float64(time.Millisecond))
	}
	return fallback
}

func initErrNil(resp *http.Response, fallback time.Duration) time.Duration {
	if ms, err := strconv.ParseInt(resp.Header.Get("X-Ms-Retry-After-Ms"), 10, 64); err == nil { // want `a negative wait header value is accepted as the wait`
		return time.Duration(ms) * time.Millisecond
	}
	return fallback
}

// A floor at zero does not help: zero is no wait either.
func floored(resp *http.Response) time.Duration {
	ms, err := strconv.ParseInt(resp.Header.Get("X-Amz-Retry-After"), 10, 64) // want `a negative wait header value is accepted as the wait`
	if err != nil {
		return 0
	}
	return max(0, time.Duration(ms)*time.Millisecond)
}

// Must stay silent: the sign is checked.
func checked(resp *http.Response) time.Duration {
	ms, err := strconv.Atoi(resp.Header.Get("retry-after-ms"))
	if err != nil || ms < 0 {
		return 0
	}
	return time.Duration(ms) * time.Millisecond
}

// Must stay silent: the sign of the wait made from it is checked.
func checkedLater(resp *http.Response, fallback time.Duration) time.Duration {
	ms, err := strconv.Atoi(resp.Header.Get("retry-after-ms"))
	if err != nil {
		return fallback
	}
	d := time.Duration(ms) * time.Millisecond
	if d <= 0 {
		return fallback
	}
	return d
}

// Must stay silent: an unsigned parse cannot be negative.
func unsigned(resp *http.Response) time.Duration {
	ms, err := strconv.ParseUint(resp.Header.Get("retry-after-ms"), 10, 63)
	if err != nil {
		return 0
	}
	return time.Duration(ms) * time.Millisecond
}

// Must stay silent: not a wait header.
func notWait(resp *http.Response) int {
	n, err := strconv.Atoi(resp.Header.Get("X-Total-Count"))
	if err != nil {
		return 0
	}
	return n
}

// apiError keeps the server's wait in seconds for the code that decides
// what to do with the error.
type apiError struct {
	retry int
	code  int
}

func (e apiError) Error() string { return "api error" }

// storedChecked leaves the sign check to the reader of the field: right.
func storedChecked(resp *http.Response) error {
	if t, err := http.ParseTime(resp.Header.Get("Retry-After")); err == nil {
		return apiError{retry: int(time.Until(t).Seconds()), code: resp.StatusCode}
	}
	secs, err := strconv.Atoi(resp.Header.Get("Retry-After"))
	if err != nil {
		secs = 0
	}
	return apiError{retry: secs, code: resp.StatusCode}
}

// shouldRetry tells a negative wait apart.
func shouldRetry(err error) bool {
	e, ok := err.(apiError)
	return ok && e.retry > 0
}

// lenient is the same error with a field nobody checks.
type lenient struct{ wait int }

func (e *lenient) Error() string { return "lenient" }

func storedUnchecked(resp *http.Response) error {
	if t, err := http.ParseTime(resp.Header.Get("Retry-After")); err == nil {
		return &lenient{wait: int(time.Until(t).Seconds())}
	}
	e := &lenient{}
	secs, err := strconv.Atoi(resp.Header.Get("Retry-After")) // want `a negative Retry-After value is accepted as the wait`
	if err == nil {
		e.wait = secs
	}
	return e
}

func waitFor(err error) time.Duration {
	if e, ok := err.(*lenient); ok {
		return time.Duration(e.wait) * time.Second
	}
	return time.Second
}
