// Package lowerbound holds Retry-After parsers whose negative value is
// used only as a lower bound beside the client's own interval
// (max(interval, d)), and look-alikes where it is the wait.
package lowerbound

import (
	"math"
	"net/http"
	"strconv"
	"time"
)

func parseDelay(h http.Header) time.Duration {
	if v := h.Get("Retry-After"); v != "" {
		if s, err := strconv.Atoi(v); err == nil {
			return time.Duration(s) * time.Second
		}
		if t, err := http.ParseTime(v); err == nil {
			return time.Until(t)
		}
	}
	return 0
}

func nextCheck(minInterval, d time.Duration) time.Time {
	return time.Now().Add(max(minInterval, d))
}

// Silent: a negative value gives way to the feed's own interval.
func schedule(resp *http.Response, interval time.Duration) time.Time {
	return nextCheck(interval, parseDelay(resp.Header))
}

func parseSeconds(h http.Header) time.Duration {
	if v := h.Get("Retry-After"); v != "" {
		if s, err := strconv.Atoi(v); err == nil {
			return time.Duration(s) * time.Second
		}
		if t, err := http.ParseTime(v); err == nil {
			return time.Until(t)
		}
	}
	return 0
}

// Silent: max beside the interval, in the caller.
func pause(resp *http.Response, interval time.Duration) {
	time.Sleep(max(interval, parseSeconds(resp.Header)))
}

func parseFloor(h http.Header) time.Duration {
	if v := h.Get("Retry-After"); v != "" {
		if s, err := strconv.Atoi(v); err == nil { // want `a negative Retry-After value is accepted as the wait`
			return time.Duration(s) * time.Second
		}
		if t, err := http.ParseTime(v); err == nil {
			return time.Until(t)
		}
	}
	return time.Second
}

// A floor at zero: a negative value is no wait.
func pauseFloor(resp *http.Response) {
	time.Sleep(max(0, parseFloor(resp.Header)))
}

func parseHanded(h http.Header) time.Duration {
	if v := h.Get("Retry-After"); v != "" {
		if s, err := strconv.Atoi(v); err == nil { // want `a negative Retry-After value is accepted as the wait`
			return time.Duration(s) * time.Second
		}
		if t, err := http.ParseTime(v); err == nil {
			return time.Until(t)
		}
	}
	return time.Second
}

func wait(d time.Duration) { time.Sleep(d) }

// Handed to a function that waits for it as it is.
func pauseHanded(resp *http.Response) {
	wait(parseHanded(resp.Header))
}

func parseRaised(h http.Header) time.Duration {
	if s, err := strconv.ParseInt(h.Get("Retry-After"), 10, 64); err == nil {
		return time.Duration(s) * time.Second
	}
	if t, err := http.ParseTime(h.Get("Retry-After")); err == nil {
		return time.Until(t)
	}
	return 0
}

// Silent: the client's back-off raised to the server's wait, max spelled
// out: a negative value gives way to the back-off.
func delayRaised(resp *http.Response, backoff time.Duration) time.Duration {
	delay := backoff
	server := parseRaised(resp.Header)
	if server > delay {
		delay = server
	}
	return delay
}

func parseMaxed(h http.Header) time.Duration {
	if s, err := strconv.ParseInt(h.Get("Retry-After"), 10, 64); err == nil {
		return time.Duration(s) * time.Second
	}
	if t, err := http.ParseTime(h.Get("Retry-After")); err == nil {
		return time.Until(t)
	}
	return 0
}

// Silent: the same with the builtin max over the variable itself.
func delayMaxed(resp *http.Response, backoff time.Duration) time.Duration {
	delay := backoff
	delay = max(delay, parseMaxed(resp.Header))
	return delay
}

func parseReplaced(h http.Header) time.Duration {
	if s, err := strconv.ParseInt(h.Get("Retry-After"), 10, 64); err == nil { // want `a negative Retry-After value is accepted as the wait`
		return time.Duration(s) * time.Second
	}
	if t, err := http.ParseTime(h.Get("Retry-After")); err == nil {
		return time.Until(t)
	}
	return 0
}

// The server's wait replaces the back-off whenever it is not zero: a
// negative value is the wait.
func delayReplaced(resp *http.Response, backoff time.Duration) time.Duration {
	delay := backoff
	if server := parseReplaced(resp.Header); server != 0 {
		delay = server
	}
	return delay
}

// Silent: float code's math.Max is the same floor; both forms parsed.
func floatSeconds(h http.Header, attempt float64) time.Duration {
	backoff := attempt * attempt / 40
	ra := 0.0
	if v := h.Get("Retry-After"); v != "" {
		if s, err := strconv.ParseFloat(v, 64); err == nil {
			ra = s
		} else if t, err := http.ParseTime(v); err == nil {
			ra = time.Until(t).Seconds()
		}
	}
	return time.Duration(math.Max(backoff, ra) * float64(time.Second))
}

// Flagged: math.Min instead leaves a negative value as the wait.
func floatSecondsMin(h http.Header) time.Duration {
	ra := 0.0
	if v := h.Get("Retry-After"); v != "" {
		if s, err := strconv.ParseFloat(v, 64); err == nil { // want `a negative Retry-After value is accepted as the wait`
			ra = s
		} else if t, err := http.ParseTime(v); err == nil {
			ra = time.Until(t).Seconds()
		}
	}
	return time.Duration(math.Min(ra, 3600) * float64(time.Second)) // want `Retry-After is capped by math.Min`
}

const minDelay = time.Second

// Silent: max(d, minDelay) spelled out with a return, as go-auth0's
// backoffDelay does: a negative value is raised to the floor.
func delayClamped(h http.Header, backoff time.Duration) time.Duration {
	ra := h.Get("Retry-After")
	if s, err := strconv.Atoi(ra); err == nil {
		d := time.Duration(s) * time.Second
		if d < minDelay {
			return minDelay
		}
		return d
	}
	if t, err := http.ParseTime(ra); err == nil {
		d := time.Until(t)
		if d < minDelay {
			return minDelay
		}
		return d
	}
	return backoff
}

// Silent: the same floor as an assignment, the bound on the left.
func delayClampedAssign(h http.Header, backoff time.Duration) time.Duration {
	ra := h.Get("Retry-After")
	if s, err := strconv.Atoi(ra); err == nil {
		d := time.Duration(s) * time.Second
		if minDelay > d {
			d = minDelay
		}
		return d
	}
	if t, err := http.ParseTime(ra); err == nil {
		return max(time.Until(t), minDelay)
	}
	return backoff
}

// Flagged: below the floor the wait becomes no wait at all, so a
// negative value is an immediate retry.
func delayZeroed(h http.Header, backoff time.Duration) time.Duration {
	ra := h.Get("Retry-After")
	if s, err := strconv.Atoi(ra); err == nil { // want `a negative Retry-After value is accepted as the wait`
		d := time.Duration(s) * time.Second
		if d < minDelay {
			return 0
		}
		return d
	}
	if t, err := http.ParseTime(ra); err == nil {
		return max(time.Until(t), minDelay)
	}
	return backoff
}
