// Package scan reads Retry-After with fmt's scanners, as seconds only.
package scan

import (
	"fmt"
	"net/http"
	"time"
)

func scanf(resp *http.Response) (time.Duration, bool) {
	var n int
	v := resp.Header.Get("Retry-After")
	if _, err := fmt.Sscanf(v, "%d", &n); err != nil || n < 0 { // want `Retry-After is parsed only as seconds by fmt.Sscanf`
		return 0, false
	}
	return time.Duration(n) * time.Second, true
}

func scan(resp *http.Response) (time.Duration, error) {
	var secs float64
	_, err := fmt.Sscan(resp.Header.Get("Retry-After"), &secs) // want `Retry-After is parsed only as seconds by fmt.Sscan`
	if err != nil || secs < 0 {
		return 0, fmt.Errorf("bad Retry-After")
	}
	return time.Duration(secs * float64(time.Second)), nil
}

// both tries the date too: right.
func both(resp *http.Response) time.Duration {
	var n int
	v := resp.Header.Get("Retry-After")
	if _, err := fmt.Sscanf(v, "%d", &n); err == nil && n >= 0 {
		return time.Duration(n) * time.Second
	}
	if t, err := http.ParseTime(v); err == nil {
		return time.Until(t)
	}
	return time.Second
}

// words scans more than a number: not a parse of the wait alone.
func words(resp *http.Response) int {
	var n int
	var unit string
	fmt.Sscanf(resp.Header.Get("Retry-After"), "%d %s", &n, &unit)
	return n
}

// other scans a header that is no wait.
func other(resp *http.Response) int {
	var n int
	fmt.Sscanf(resp.Header.Get("X-Total-Count"), "%d", &n)
	return n
}
