// Package helperparse parses Retry-After in helpers that take the value as
// a parameter: the function that reads the header hands it on, sometimes
// through a second helper. The sign of the number is still to be checked.
package helperparse

import (
	"net/http"
	"strconv"
	"time"
)

// parseSeconds parses the seconds form of whatever it is handed.
func parseSeconds(v string) (int64, bool) {
	n, err := strconv.ParseInt(v, 10, 64) // want `a negative Retry-After value is accepted as the wait`
	if err == nil {
		return n, true
	}
	return 0, false
}

// wait tries the seconds form through parseSeconds, then the date.
func wait(v string) (time.Duration, bool) {
	if n, ok := parseSeconds(v); ok {
		return time.Duration(n) * time.Second, true
	}
	if t, err := http.ParseTime(v); err == nil {
		return max(0, time.Until(t)), true
	}
	return 0, false
}

func retry(resp *http.Response) {
	if d, ok := wait(resp.Header.Get("Retry-After")); ok {
		time.Sleep(d)
	}
}

// Must stay silent: the helper is handed a count, not a wait.
func parseCount(v string) (int64, bool) {
	n, err := strconv.ParseInt(v, 10, 64)
	if err == nil {
		return n, true
	}
	return 0, false
}

func total(resp *http.Response) int64 {
	n, _ := parseCount(resp.Header.Get("X-Total-Count"))
	return n
}

// Must stay silent: the helper checks the sign.
func parseChecked(v string) (time.Duration, bool) {
	if t, err := http.ParseTime(v); err == nil {
		return max(0, time.Until(t)), true
	}
	n, err := strconv.Atoi(v)
	if err != nil || n < 0 {
		return 0, false
	}
	return time.Duration(n) * time.Second, true
}

func retryChecked(resp *http.Response) {
	if d, ok := parseChecked(resp.Header.Get("Retry-After")); ok {
		time.Sleep(d)
	}
}

// Must stay silent: the helper's caller hands the result on, and the code
// that uses it checks the sign.
func parseSecondsOnly(v string) (int, bool) {
	n, err := strconv.Atoi(v)
	if err != nil {
		return 0, false
	}
	return n, true
}

func waitSeconds(h http.Header) (int, bool) {
	if t, err := http.ParseTime(h.Get("Retry-After")); err == nil {
		return int(max(time.Until(t)+time.Second-1, 0) / time.Second), true
	}
	return parseSecondsOnly(h.Get("Retry-After"))
}

func useSeconds(resp *http.Response) {
	if n, ok := waitSeconds(resp.Header); ok && n > 0 {
		time.Sleep(time.Duration(n) * time.Second)
	}
}
