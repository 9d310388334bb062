// Package capfacts caps the server's wait through helpers that bound one
// of their parameters.
package capfacts

import (
	"net/http"
	"strconv"
	"time"

	"capfactsutil"
)

const maxWait = 30 * time.Second

func retryAfter(resp *http.Response) (time.Duration, bool) {
	v := resp.Header.Get("Retry-After")
	if n, err := strconv.Atoi(v); err == nil && n >= 0 {
		return time.Duration(n) * time.Second, true
	}
	if t, err := http.ParseTime(v); err == nil {
		return time.Until(t), true
	}
	return 0, false
}

func clamp(d, lo, hi time.Duration) time.Duration {
	return max(lo, min(d, hi))
}

func minDuration(a, b time.Duration) time.Duration {
	if a < b {
		return a
	}
	return b
}

func local(resp *http.Response) time.Duration {
	d, _ := retryAfter(resp)
	return clamp(d, time.Second, maxWait) // want `Retry-After is capped by clamp\(...\)`
}

func otherPackage(resp *http.Response) (time.Duration, error) {
	d, ok := retryAfter(resp)
	if !ok {
		return time.Second, nil
	}
	wait := capfactsutil.Clamp(d, 0, maxWait) // want `Retry-After is capped by capfactsutil.Clamp\(...\)`
	return wait, nil
}

func smaller(resp *http.Response) time.Duration {
	d, _ := retryAfter(resp)
	return minDuration(maxWait, d) // want `Retry-After is capped by minDuration\(...\)`
}

// floored keeps the server's wait as the lower bound: right.
func floored(resp *http.Response) time.Duration {
	d, _ := retryAfter(resp)
	return max(clamp(d, time.Second, maxWait), d)
}

// atLeast raises a short wait: right.
func atLeast(resp *http.Response) time.Duration {
	d, _ := retryAfter(resp)
	return capfactsutil.AtLeast(d, time.Second)
}

// ownBackoff bounds the client's own backoff, which no Retry-After reaches.
func ownBackoff(resp *http.Response, attempt int) time.Duration {
	if d, ok := retryAfter(resp); ok {
		return d
	}
	return clamp(time.Second<<attempt, time.Second, maxWait)
}

func waitOf(resp *http.Response) time.Duration {
	d, _ := retryAfter(resp)
	return d
}

type policy struct{ base, most time.Duration }

// delay floors the client's backoff by the server's wait, then caps the
// sum: the cap shortens the server's wait too.
func (p policy) delay(attempt int, server time.Duration) time.Duration {
	d := max(p.base<<min(attempt, 20), server)
	return min(d, p.most)
}

// passedAsCall hands the server's wait to the helper as a call: the fix
// reads it once, into a variable, where the call was.
func passedAsCall(p policy, resp *http.Response, attempt int) {
	time.Sleep(p.delay(attempt, waitOf(resp))) // want `Retry-After is capped by p.delay\(...\)`

	time.Sleep(capfactsutil.Clamp(waitOf(resp), 0, maxWait)) // want `Retry-After is capped by capfactsutil.Clamp\(...\)`
}

// flooredCall reads the server's wait twice, the second time as the
// floor: right.
func flooredCall(p policy, resp *http.Response, attempt int) time.Duration {
	return max(p.delay(attempt, waitOf(resp)), waitOf(resp))
}
