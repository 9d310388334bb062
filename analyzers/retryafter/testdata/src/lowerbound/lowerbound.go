// Package lowerbound holds Retry-After parsers whose negative value is
// used only as a lower bound beside the client's own interval
// (max(interval, d)), and look-alikes where it is the wait.
package lowerbound

import (
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
