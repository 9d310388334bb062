// Package funcvalues caps the server's wait that arrives through a
// function value: a func-typed field, variable or named type to which
// some code stores a function that returns Retry-After.
package funcvalues

import (
	"net/http"
	"strconv"
	"time"

	"funcvaldep"
)

// BackoffFunc returns how long to wait before the next attempt.
type BackoffFunc func(attempt int, resp *http.Response) time.Duration // want BackoffFunc:`waitfunc\(retry-after\)`

// Exponential returns a backoff that honours Retry-After on a 429.
func Exponential(base time.Duration) BackoffFunc { // want Exponential:`retryafter\(calls=retry-after\)`
	return func(attempt int, resp *http.Response) time.Duration {
		if resp != nil && resp.StatusCode == http.StatusTooManyRequests {
			if t, err := http.ParseTime(resp.Header.Get("Retry-After")); err == nil {
				return time.Until(t)
			}
			if s, err := strconv.Atoi(resp.Header.Get("Retry-After")); err == nil && s > 0 {
				return time.Duration(s) * time.Second
			}
		}
		return base << attempt
	}
}

// DefaultBackoff is declared after the policy that uses it.
var DefaultPolicy = &Policy{Backoff: DefaultBackoff, MinWait: 10 * time.Millisecond, MaxWait: 3 * time.Second}

var DefaultBackoff = Exponential(250 * time.Millisecond) // want DefaultBackoff:`waitfunc\(retry-after\)`

type Policy struct {
	Backoff BackoffFunc // want Backoff:`waitfunc\(retry-after\)`
	MinWait time.Duration
	MaxWait time.Duration
	// Jitter is the client's own: nothing stored in it reads a header.
	Jitter func(attempt int) time.Duration
	// Floor is stored a Retry-After backoff, but only used as a floor.
	Floor func(resp *http.Response) time.Duration // want Floor:`waitfunc\(retry-after\)`
}

// Must flag: the backoff's value, the server's wait on a 429, is capped.
func (p *Policy) Retry(attempt int, resp *http.Response) (time.Duration, error) { // want Retry:`retryafter\(result0=retry-after\)`
	backoff := p.Backoff(attempt, resp)
	if backoff < p.MinWait {
		backoff = p.MinWait
	}
	if backoff > p.MaxWait { // want `Retry-After is capped by if backoff > p.MaxWait`
		backoff = p.MaxWait
	}
	return backoff, nil
}

// Must flag: another package's policy, known through facts.
func RetryDep(p funcvaldep.Policy, attempt int, resp *http.Response) (time.Duration, error) { // want RetryDep:`retryafter\(result0=retry-after\)`
	d := p.Backoff(attempt, resp)
	return min(d, p.MaxWait), nil // want `Retry-After is capped by min\(\.\.\.\)`
}

// Must flag: a parameter of the named type, some of whose values return
// the server's wait; no error can be returned, so the cap goes.
func sleepFor(b funcvaldep.Backoff, attempt int, resp *http.Response, limit time.Duration) {
	time.Sleep(min(b(attempt, resp), limit)) // want `Retry-After is capped by min\(\.\.\.\)`
}

func retryAfter(resp *http.Response) time.Duration { // want retryAfter:`retryafter\(result0=retry-after\)`
	if t, err := http.ParseTime(resp.Header.Get("Retry-After")); err == nil {
		return time.Until(t)
	}
	if s, err := strconv.Atoi(resp.Header.Get("Retry-After")); err == nil && s > 0 {
		return time.Duration(s) * time.Second
	}
	return 0
}

// A declared function stored in a local variable of an unnamed type.
func waitLocal(resp *http.Response, limit time.Duration) (time.Duration, error) {
	wait := retryAfter
	d := wait(resp)
	if d > limit { // want `Retry-After is capped by if d > limit`
		d = limit
	}
	return d, nil
}

// Must stay silent: the client's own jitter, whose values never read a
// header, is capped.
func (p *Policy) jitter(attempt int) time.Duration {
	p.Jitter = func(attempt int) time.Duration { return time.Duration(attempt) * 10 * time.Millisecond }
	return min(p.Jitter(attempt), p.MaxWait)
}

// Must stay silent: the plain step of another package's policy.
func stepDep(p funcvaldep.Policy, attempt int) time.Duration {
	return min(p.Step(attempt), p.MaxWait)
}

// Must stay silent: the server's wait is used as a lower bound.
func (p *Policy) floor(resp *http.Response, own time.Duration) time.Duration {
	p.Floor = retryAfter
	return max(p.Floor(resp), own)
}

// Must stay silent: the fixed shape, which gives up when the server sent
// Retry-After and keeps the cap for the client's own backoff.
func (p *Policy) guarded(attempt int, resp *http.Response) (time.Duration, error) {
	backoff := p.Backoff(attempt, resp)
	if backoff > p.MaxWait && resp != nil && resp.Header.Get("Retry-After") != "" {
		return 0, errTooLong
	}
	if backoff > p.MaxWait {
		backoff = p.MaxWait
	}
	return backoff, nil
}

type tooLong struct{}

func (tooLong) Error() string { return "retry_after_exceeds_deadline" }

var errTooLong error = tooLong{}
