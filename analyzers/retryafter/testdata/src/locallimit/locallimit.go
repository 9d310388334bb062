// Package locallimit caps the server's wait with a limit held in a local
// variable that nothing else reads: the fix that honours the wait removes
// the cap and the variable with it, or the package would not compile.
package locallimit

import (
	"log"
	"net/http"
	"strconv"
	"time"
)

func header(resp *http.Response) (time.Duration, bool) {
	v := resp.Header.Get("Retry-After")
	if n, err := strconv.Atoi(v); err == nil && n >= 0 {
		return time.Duration(n) * time.Second, true
	}
	if t, err := http.ParseTime(v); err == nil {
		return time.Until(t), true
	}
	return 0, false
}

// onlyTheCap reads its limit in the cap alone, as a retryer that lets the
// server's wait exceed its own backoff by at most five seconds.
func onlyTheCap(resp *http.Response, backoff time.Duration) time.Duration {
	ra, ok := header(resp)
	if !ok {
		return backoff
	}
	minDuration := backoff
	maxDuration := 5*time.Second + backoff
	if ra < minDuration {
		return minDuration
	}
	if ra > maxDuration { // want `Retry-After is capped by if ra > maxDuration \{ return maxDuration \}`
		return maxDuration
	}
	return ra
}

// chained: the limit is made from another local that nothing else
// reads: both go.
func chained(resp *http.Response, backoff time.Duration) time.Duration {
	ra, ok := header(resp)
	if !ok {
		return backoff
	}
	slack := 5 * time.Second
	limit := backoff + slack
	if ra > limit { // want `Retry-After is capped by if ra > limit \{ return limit \}`
		return limit
	}
	return ra
}

// readElsewhere logs its limit too: the variable stays.
func readElsewhere(resp *http.Response, backoff time.Duration) time.Duration {
	ra, ok := header(resp)
	if !ok {
		return backoff
	}
	limit := 5*time.Second + backoff
	log.Printf("waiting at most %v", limit)
	if ra > limit { // want `Retry-After is capped by if ra > limit \{ return limit \}`
		return limit
	}
	return ra
}

// floorOnly keeps the server's wait as a lower bound on its own backoff:
// nothing shortens it.
func floorOnly(resp *http.Response, backoff time.Duration) time.Duration {
	ra, ok := header(resp)
	if !ok {
		return backoff
	}
	minDuration := backoff
	if ra < minDuration {
		return minDuration
	}
	return ra
}
