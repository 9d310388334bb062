package custom

import (
	"net/http"
	"strconv"
	"time"
)

// With -headers=x-ratelimit-reset-after the custom header is followed like
// Retry-After: capping it is reported.
func rateLimitReset(resp *http.Response) time.Duration {
	// Only Retry-After itself has an HTTP-date form: parsing another header
	// as seconds is not reported.
	secs, err := strconv.Atoi(resp.Header.Get("X-RateLimit-Reset-After")) // want `a negative wait header value is accepted as the wait`
	if err != nil {
		return 0
	}
	return min(time.Duration(secs)*time.Second, time.Minute) // want `Retry-After is capped by min\(\.\.\.\)`
}

// Retry-After is not among the configured headers, so nothing is reported.
func standardHeaderNotConfigured(resp *http.Response) time.Duration {
	secs, err := strconv.Atoi(resp.Header.Get("Retry-After"))
	if err != nil {
		return 0
	}
	return min(time.Duration(secs)*time.Second, time.Minute)
}
