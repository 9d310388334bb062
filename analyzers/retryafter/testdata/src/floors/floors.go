// Package floors turns a negative or malformed Retry-After into no wait at
// all: a floor at zero, or a dropped error whose zero only a sign test sees.
package floors

import (
	"context"
	"errors"
	"net/http"
	"strconv"
	"time"
)

// floored: if d < 0 { d = 0 } is max(0, d) spelled out; a negative value
// is no wait.
func floored(resp *http.Response) (time.Duration, error) {
	v := resp.Header.Get("Retry-After")
	n, err := strconv.ParseInt(v, 10, 64) // want `a negative Retry-After value is accepted as the wait`
	if err != nil {
		t, err := http.ParseTime(v)
		if err != nil {
			return 0, err
		}
		return time.Until(t), nil
	}
	d := time.Duration(n) * time.Second
	if d < 0 {
		d = 0
	}
	return d, nil
}

// signTested drops the error; the sign test lets the zero of a malformed
// value through.
func signTested(resp *http.Response) (time.Duration, error) {
	v := resp.Header.Get("Retry-After")
	if t, err := http.ParseTime(v); err == nil {
		return time.Until(t), nil
	}
	n, _ := strconv.Atoi(v) // want `the error of strconv.Atoi on a Retry-After value is dropped`
	if n < 0 {
		return 0, errors.New("negative Retry-After")
	}
	return time.Duration(n) * time.Second, nil
}

// pastDate floors a date in the past at zero, which is right, and checks
// the sign of the seconds.
func pastDate(resp *http.Response) (time.Duration, error) {
	v := resp.Header.Get("Retry-After")
	n, err := strconv.Atoi(v)
	if err == nil {
		if n < 0 {
			return 0, errors.New("negative Retry-After")
		}
		return time.Duration(n) * time.Second, nil
	}
	t, err := http.ParseTime(v)
	if err != nil {
		return 0, err
	}
	d := time.Until(t)
	if d < 0 {
		d = 0
	}
	return d, nil
}

// zeroTested drops the error but tells zero apart from a real wait.
func zeroTested(resp *http.Response, backoff time.Duration) time.Duration {
	v := resp.Header.Get("Retry-After")
	if t, err := http.ParseTime(v); err == nil {
		return time.Until(t)
	}
	n, _ := strconv.Atoi(v)
	if n <= 0 {
		return backoff
	}
	return time.Duration(n) * time.Second
}

// NoValue floors a negative value at zero, which is what it returns when
// the header is absent or malformed: a negative value reads as no header.
// Its callers are in other packages, and judge what no header means.
func NoValue(h http.Header) time.Duration { // want NoValue:`retryafter\(result0=retry-after\)`
	v := h.Get("Retry-After")
	if v == "" {
		return 0
	}
	if secs, err := strconv.Atoi(v); err == nil {
		return max(0, time.Duration(secs)*time.Second)
	}
	if t, err := http.ParseTime(v); err == nil {
		return max(0, time.Until(t))
	}
	return 0
}

// NoValueSpelled is NoValue with the floor spelled out.
func NoValueSpelled(h http.Header) time.Duration { // want NoValueSpelled:`retryafter\(result0=retry-after\)`
	v := h.Get("Retry-After")
	if t, err := http.ParseTime(v); err == nil {
		return max(0, time.Until(t))
	}
	n, err := strconv.ParseInt(v, 10, 64)
	if err != nil {
		return 0
	}
	d := time.Duration(n) * time.Second
	if d < 0 {
		d = 0
	}
	return d
}

// ValidZero floors a negative value at zero as NoValue does, but calls it
// valid where a malformed value is not: the caller retries at once.
func ValidZero(h http.Header) (time.Duration, bool) { // want ValidZero:`retryafter\(result0=retry-after\)`
	v := h.Get("Retry-After")
	if t, err := http.ParseTime(v); err == nil {
		return max(0, time.Until(t)), true
	}
	secs, err := strconv.Atoi(v) // want `a negative Retry-After value is accepted as the wait`
	if err != nil {
		return 0, false
	}
	return max(0, time.Duration(secs)*time.Second), true
}

// WaitSeen floors as NoValue does, but its caller in this package is in
// sight and takes zero as no wait at all.
func WaitSeen(h http.Header) time.Duration { // want WaitSeen:`retryafter\(result0=retry-after\)`
	v := h.Get("Retry-After")
	if t, err := http.ParseTime(v); err == nil {
		return max(0, time.Until(t))
	}
	secs, err := strconv.Atoi(v) // want `a negative Retry-After value is accepted as the wait`
	if err != nil {
		return 0
	}
	return max(0, time.Duration(secs)*time.Second)
}

func waitSeen(resp *http.Response) {
	time.Sleep(WaitSeen(resp.Header))
}

// validZeroReturned tests the sign, but answers a negative value with the
// zero wait and the true of a usable one: a floor by another name.
func validZeroReturned(header string) (time.Duration, bool) {
	if header == "" {
		return 0, false
	}
	secs, err := strconv.Atoi(header) // want `a negative Retry-After value is accepted as the wait`
	if err == nil {
		if secs < 0 {
			return 0, true
		}
		return time.Duration(secs) * time.Second, true
	}
	t, err := http.ParseTime(header)
	if err != nil {
		return 0, false
	}
	return max(0, time.Until(t)), true
}

// invalidReturned answers a negative value as it answers a malformed one.
func invalidReturned(header string) (time.Duration, bool) {
	secs, err := strconv.Atoi(header)
	if err == nil {
		if secs < 0 {
			return 0, false
		}
		return time.Duration(secs) * time.Second, true
	}
	t, err := http.ParseTime(header)
	if err != nil {
		return 0, false
	}
	return max(0, time.Until(t)), true
}

func useReturned(resp *http.Response) {
	if d, ok := validZeroReturned(resp.Header.Get("Retry-After")); ok {
		time.Sleep(d)
	}
	if d, ok := invalidReturned(resp.Header.Get("Retry-After")); ok {
		time.Sleep(d)
	}
}

// NoValueConverted floors the parsed integer before the conversion: still
// what it returns for a malformed value.
func NoValueConverted(h http.Header) time.Duration { // want NoValueConverted:`retryafter\(result0=retry-after\)`
	v := h.Get("Retry-After")
	if t, err := http.ParseTime(v); err == nil {
		return max(0, time.Until(t))
	}
	secs, err := strconv.Atoi(v)
	if err != nil {
		return 0
	}
	if secs < 0 {
		secs = 0
	}
	return time.Duration(secs) * time.Second
}

// ValueInSight floors as NoValue does, but the package takes it as a value
// and sleeps on its result: its caller is in sight.
func ValueInSight(h http.Header) time.Duration { // want ValueInSight:`retryafter\(result0=retry-after\)`
	v := h.Get("Retry-After")
	if t, err := http.ParseTime(v); err == nil {
		return max(0, time.Until(t))
	}
	secs, err := strconv.Atoi(v) // want `a negative Retry-After value is accepted as the wait`
	if err != nil {
		return 0
	}
	return time.Duration(max(0, secs)) * time.Second
}

var waitFn = ValueInSight

func sleepOn(resp *http.Response) {
	time.Sleep(waitFn(resp.Header))
}

// waitGuarded waits only for a positive value: a negative one in seconds
// skips the wait, the client retries at once (a date in the past rightly
// does, too).
func waitGuarded(ctx context.Context, resp *http.Response, backoff time.Duration) error {
	delay := backoff
	if v := resp.Header.Get("Retry-After"); v != "" {
		if t, err := http.ParseTime(v); err == nil {
			delay = time.Until(t)
		} else if n, err := strconv.Atoi(v); err == nil { // want `a negative Retry-After value is accepted as the wait`
			delay = time.Duration(n) * time.Second
		}
	}
	if delay > 0 {
		timer := time.NewTimer(delay)
		defer timer.Stop()
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-timer.C:
		}
	}
	return nil
}

// Silent: a negative value in seconds keeps the back-off; the guard only
// skips the wait for a date in the past.
func waitGuardedChecked(ctx context.Context, resp *http.Response, backoff time.Duration) error {
	delay := backoff
	if v := resp.Header.Get("Retry-After"); v != "" {
		if t, err := http.ParseTime(v); err == nil {
			delay = time.Until(t)
		} else if n, err := strconv.Atoi(v); err == nil && n >= 0 {
			delay = time.Duration(n) * time.Second
		}
	}
	if delay > 0 {
		timer := time.NewTimer(delay)
		defer timer.Stop()
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-timer.C:
		}
	}
	return nil
}

type backoff struct{ base time.Duration }

// fallsBack returns the server's wait alone, its own backoff when there is
// none: a malformed value is a zero wait instead of the backoff.
func (b backoff) fallsBack(resp *http.Response, attempt int) time.Duration {
	if v := resp.Header.Get("Retry-After"); v != "" {
		if t, err := http.ParseTime(v); err == nil {
			return time.Until(t)
		}
		secs, _ := strconv.Atoi(v) // want `the error of strconv.Atoi on a Retry-After value is dropped`
		return time.Duration(secs) * time.Second
	}
	return b.base << attempt
}

// fallsBackChecked returns the server's wait only when it parses: right.
func (b backoff) fallsBackChecked(resp *http.Response, attempt int) time.Duration {
	if v := resp.Header.Get("Retry-After"); v != "" {
		if t, err := http.ParseTime(v); err == nil {
			return time.Until(t)
		}
		if secs, err := strconv.Atoi(v); err == nil && secs >= 0 {
			return time.Duration(secs) * time.Second
		}
	}
	return b.base << attempt
}

// fallsToZero has no wait of its own to fall back on (return 0): a
// malformed value would still be a zero wait, so the parse is not
// reported (no fix could change that).
func fallsToZero(resp *http.Response) time.Duration {
	if v := resp.Header.Get("Retry-After"); v != "" {
		if t, err := http.ParseTime(v); err == nil {
			return time.Until(t)
		}
		secs, _ := strconv.Atoi(v)
		return time.Duration(secs) * time.Second
	}
	return 0
}
