// Package resetutil reads a rate limit's reset for another package.
package resetutil

import (
	"net/http"
	"strconv"
	"time"
)

// ResetHeader returns the raw reset the server sent.
func ResetHeader(resp *http.Response) string {
	return resp.Header.Get("X-RateLimit-Reset")
}

// UntilReset returns the time left until the reset the server sent, and
// whether it sent a usable one.
func UntilReset(resp *http.Response) (time.Duration, bool) {
	n, err := strconv.ParseInt(resp.Header.Get("X-RateLimit-Reset"), 10, 64)
	if err != nil || n <= 0 {
		return 0, false
	}
	return time.Until(time.Unix(n, 0)), true
}
