package retrytest

import (
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"time"
)

type stepKind int

const (
	kindNone              stepKind = iota
	kindThrottle                   // Retry-After in seconds
	kindThrottleDate               // Retry-After as an HTTP-date, relative to the response
	kindThrottleUntil              // Retry-After as a fixed HTTP-date
	kindThrottleNumber             // Retry-After as a number of seconds of any size
	kindThrottleMalformed          // Retry-After that is neither form
	kindFail
	kindOK
	kindCommitAndDrop
	kindCommitAndFail
)

// A Step is one scripted answer of a route. Build steps with [Throttle],
// [ThrottleNumber], [ThrottleDate], [ThrottleUntil], [Fail], [OK] and
// [CommitAndDrop] or [CommitAndFail]; the zero Step is not a valid step. A step built with
// invalid arguments (a negative wait, a status of the wrong class) carries
// the error, and [New] and [NewServer] report it for the route and
// position where it is used: building a step never panics.
type Step struct {
	kind    stepKind
	status  int
	wait    time.Duration
	until   time.Time
	seconds uint64
	raw     string
	delay   time.Duration
	body    string
	hasBody bool
	cookies []*http.Cookie
	err     error
}

func throttleStatus(name string, status int) error {
	if status != http.StatusTooManyRequests && status != http.StatusServiceUnavailable {
		return fmt.Errorf("%s: status %d, want 429 or 503 (the statuses that carry Retry-After for throttling)", name, status)
	}
	return nil
}

// Throttle answers with status (429 or 503) and Retry-After in seconds:
// wait must be a whole, non-negative number of seconds ("Retry-After: 2"
// for 2*time.Second). The route's next request is allowed from the moment
// the response was sent plus wait; one that arrives sooner is an early
// retry.
func Throttle(status int, wait time.Duration) Step {
	s := Step{kind: kindThrottle, status: status, wait: wait}
	switch {
	case throttleStatus("Throttle", status) != nil:
		s.err = throttleStatus("Throttle", status)
	case wait < 0:
		s.err = fmt.Errorf("Throttle: negative Retry-After %v (the header is a non-negative number of seconds)", wait)
	case wait%time.Second != 0:
		s.err = fmt.Errorf("Throttle: Retry-After %v is not a whole number of seconds (use ThrottleDate for a date, or round the wait)", wait)
	}
	return s
}

// ThrottleNumber answers with status (429 or 503) and Retry-After as the
// number seconds, written as it is: a value too large for a time.Duration
// (Retry-After: 10000000000, about 317 years) tests a client's range
// check. The route's next request is allowed from the moment the response
// was sent plus seconds, or plus the longest time.Duration when seconds
// do not fit one.
func ThrottleNumber(status int, seconds uint64) Step {
	s := Step{kind: kindThrottleNumber, status: status, seconds: seconds}
	s.err = throttleStatus("ThrottleNumber", status)
	return s
}

// ThrottleMalformed answers with status (429 or 503) and a Retry-After
// value that is neither of its forms (value, such as "soon" or "-5"):
// the server asks for no wait a client can read, so the route's next
// request is allowed at once, and a test measures the client's own
// backoff (Requests) to tell a malformed value turned into an immediate
// retry from one that falls back to backoff.
func ThrottleMalformed(status int, value string) Step {
	s := Step{kind: kindThrottleMalformed, status: status, raw: value}
	s.err = throttleStatus("ThrottleMalformed", status)
	if s.err == nil {
		if _, err := strconv.ParseUint(value, 10, 64); err == nil {
			s.err = fmt.Errorf("ThrottleMalformed: %q is a number of seconds (use ThrottleNumber)", value)
		} else if _, err := http.ParseTime(value); err == nil {
			s.err = fmt.Errorf("ThrottleMalformed: %q is an HTTP-date (use ThrottleUntil)", value)
		}
	}
	return s
}

// ThrottleDate answers with status (429 or 503) and Retry-After as an
// HTTP-date: the time the response is sent plus wait, rounded up to the
// next whole second, since an HTTP-date has a resolution of one second.
// The route's next request is allowed from that date; one that arrives
// before it is an early retry. A correct client, which waits until the
// date it was given, is therefore never early.
func ThrottleDate(status int, wait time.Duration) Step {
	s := Step{kind: kindThrottleDate, status: status, wait: wait}
	switch {
	case throttleStatus("ThrottleDate", status) != nil:
		s.err = throttleStatus("ThrottleDate", status)
	case wait < 0:
		s.err = fmt.Errorf("ThrottleDate: negative wait %v (use ThrottleUntil for a date in the past)", wait)
	}
	return s
}

// ThrottleUntil answers with status (429 or 503) and Retry-After as the
// HTTP-date at, rounded up to a whole second. A date in the past tells the
// client it may retry at once. The route's next request is allowed from
// the date sent.
func ThrottleUntil(status int, at time.Time) Step {
	s := Step{kind: kindThrottleUntil, status: status, until: ceilSecond(at)}
	switch {
	case throttleStatus("ThrottleUntil", status) != nil:
		s.err = throttleStatus("ThrottleUntil", status)
	case at.IsZero():
		s.err = errors.New("ThrottleUntil: zero time")
	}
	return s
}

// Fail answers with status, an error from 400 to 599 without Retry-After
// (500, 502 and 504 are the usual transient ones). The request is not
// applied: use [CommitAndDrop] for a write that happened although the
// client saw a failure.
func Fail(status int) Step {
	s := Step{kind: kindFail, status: status}
	if status < 400 || status > 599 {
		s.err = fmt.Errorf("Fail: status %d, want 400 to 599", status)
	}
	return s
}

// OK answers with status, from 200 to 299. A write (any method but GET,
// HEAD, OPTIONS and TRACE) answered by OK is applied, unless its
// idempotency key was applied before: see the package documentation.
func OK(status int) Step {
	s := Step{kind: kindOK, status: status}
	if status < 200 || status > 299 {
		s.err = fmt.Errorf("OK: status %d, want 200 to 299", status)
	}
	return s
}

// CommitAndDrop applies the write and then closes the connection without
// sending a response, so the client sees a transport error (EOF, or a
// reset connection) for a write that did happen: the unknown outcome. For
// a GET or another safe method it only drops the connection.
func CommitAndDrop() Step {
	return Step{kind: kindCommitAndDrop}
}

// CommitAndFail applies the write and then answers with status, from 500
// to 599, as a gateway does when the upstream applied the request but its
// answer did not come back in time (a 502 or 504): another unknown
// outcome, the client sees a server error for a write that did happen.
// For a GET or another safe method it only answers with status.
func CommitAndFail(status int) Step {
	s := Step{kind: kindCommitAndFail, status: status}
	if status < 500 || status > 599 {
		s.err = fmt.Errorf("CommitAndFail: status %d, want 500 to 599", status)
	}
	return s
}

// Delayed returns the step answered only after d: the server holds the
// request for d (a slow upstream), then answers as the step says. If the
// client gives up first (its per-attempt timeout closes the connection),
// the step is not applied and the request is recorded as abandoned by the
// client; a delayed write is applied only when the delay ran out.
func (s Step) Delayed(d time.Duration) Step {
	if d < 0 && s.err == nil {
		s.err = fmt.Errorf("Delayed: negative delay %v", d)
	}
	s.delay = d
	return s
}

// WithBody returns the step with body as its response body (for example
// an error document such as an insufficient_quota error). Without it the
// server sends a short text that says what happened. CommitAndDrop sends
// no response, so it takes no body.
func (s Step) WithBody(body string) Step {
	if s.kind == kindCommitAndDrop && s.err == nil {
		s.err = errors.New("CommitAndDrop sends no response, so WithBody has no effect")
	}
	s.body, s.hasBody = body, true
	return s
}

// WithCookie returns the step with a Set-Cookie header that sets the
// cookie name to value, as a session or load-balancer cookie is set on an
// answer: a credential in the response's header, which a client must not
// log. Call it again for more cookies. CommitAndDrop sends no response, so
// it takes no cookie; an invalid name or value is an error of the step.
func (s Step) WithCookie(name, value string) Step {
	c := &http.Cookie{Name: name, Value: value}
	switch {
	case s.err != nil:
	case s.kind == kindCommitAndDrop:
		s.err = errors.New("CommitAndDrop sends no response, so WithCookie has no effect")
	case c.Valid() != nil:
		s.err = fmt.Errorf("WithCookie: %v", c.Valid())
	}
	s.cookies = append(s.cookies[:len(s.cookies):len(s.cookies)], c)
	return s
}

// String describes the step, as in "429 Retry-After: 2".
func (s Step) String() string {
	var str string
	switch s.kind {
	case kindThrottle:
		str = fmt.Sprintf("Throttle(%d, Retry-After: %d)", s.status, s.wait/time.Second)
	case kindThrottleNumber:
		str = fmt.Sprintf("ThrottleNumber(%d, Retry-After: %d)", s.status, s.seconds)
	case kindThrottleDate:
		str = fmt.Sprintf("ThrottleDate(%d, Retry-After: the date %v after the response)", s.status, s.wait)
	case kindThrottleUntil:
		str = fmt.Sprintf("ThrottleUntil(%d, Retry-After: %s)", s.status, s.until.UTC().Format(http.TimeFormat))
	case kindThrottleMalformed:
		str = fmt.Sprintf("ThrottleMalformed(%d, Retry-After: %s)", s.status, s.raw)
	case kindFail:
		str = fmt.Sprintf("Fail(%d)", s.status)
	case kindOK:
		str = fmt.Sprintf("OK(%d)", s.status)
	case kindCommitAndDrop:
		str = "CommitAndDrop()"
	case kindCommitAndFail:
		str = fmt.Sprintf("CommitAndFail(%d)", s.status)
	default:
		return "Step{}"
	}
	if s.delay > 0 {
		str += fmt.Sprintf(".Delayed(%v)", s.delay)
	}
	for _, c := range s.cookies {
		str += fmt.Sprintf(".WithCookie(%q)", c.Name) // not its value: a credential
	}
	return str
}

func (s Step) validate() error {
	if s.kind == kindNone {
		return errors.New("zero Step: build steps with Throttle, ThrottleNumber, ThrottleDate, ThrottleUntil, Fail, OK, CommitAndDrop or CommitAndFail")
	}
	return s.err
}

// ceilSecond rounds t up to a whole second of wall-clock time, dropping
// the monotonic clock reading.
func ceilSecond(t time.Time) time.Time {
	t = t.Round(0)
	if tr := t.Truncate(time.Second); !tr.Equal(t) {
		return tr.Add(time.Second)
	}
	return t
}
