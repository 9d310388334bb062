package retrytest

import (
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"
)

// settle is how long the checks that need every request finished wait for
// the server to notice that the client closed its connections.
const settle = 2 * time.Second

// Requests returns what the server recorded of each request, in the order
// they arrived.
func (s *Server) Requests() []Request {
	s.mu.Lock()
	defer s.mu.Unlock()
	out := make([]Request, len(s.reqs))
	for i, rec := range s.reqs {
		out[i] = rec.Request
		out[i].At = s.since(rec.Arrived)
	}
	return out
}

// Attempts returns the number of requests that arrived for route
// ("METHOD /path"), early ones included.
func (s *Server) Attempts(route string) int {
	s.mu.Lock()
	defer s.mu.Unlock()
	n := 0
	for _, rec := range s.reqs {
		if rec.Route == route {
			n++
		}
	}
	return n
}

// Timeline describes every request in order of arrival, one a line, with
// times relative to the first request:
//
//	#1 +0.000s GET /forecast -> 429, Retry-After: 2 (next request allowed from +2.000s)
//	#2 +1.003s GET /forecast EARLY by 0.997s -> 429, Retry-After: 1, throttled again (...)
func (s *Server) Timeline() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.timeline()
}

func short(sum string) string { return sum[:min(len(sum), 12)] }

// timeline is Timeline with s.mu held.
func (s *Server) timeline() string {
	if len(s.reqs) == 0 {
		return "  (no requests)\n"
	}
	var b strings.Builder
	for _, rec := range s.reqs {
		fmt.Fprintf(&b, "  #%d %s %s %s", rec.Seq, s.rel(rec.Arrived), rec.Method, rec.Path)
		if !isSafe(rec.Method) || rec.IdempotencyKey != "" {
			key := "none"
			if rec.IdempotencyKey != "" {
				key = fmt.Sprintf("%q", rec.IdempotencyKey)
			}
			fmt.Fprintf(&b, " (idempotency key %s, body sha256 %s)", key, short(rec.BodySHA256))
		}
		if rec.Early {
			fmt.Fprintf(&b, " EARLY by %s", secs(rec.EarlyBy))
		}
		outcome := rec.Outcome
		if rec.Finished.IsZero() {
			outcome = "still in flight"
		}
		fmt.Fprintf(&b, " -> %s\n", outcome)
	}
	return b.String()
}

// failure formats a check's error: what went wrong, then the timeline.
func (s *Server) failure(format string, args ...any) error {
	return fmt.Errorf("retrytest: "+format+"\ntimeline (times from the first request):\n%s", append(args, s.timeline())...)
}

// CheckNoEarlyRetry returns an error that lists every early retry (a
// request that arrived before the time the route's last throttling
// response allowed), or nil when there was none.
func (s *Server) CheckNoEarlyRetry() error {
	s.mu.Lock()
	defer s.mu.Unlock()
	var lines []string
	for _, rec := range s.reqs {
		if !rec.Early {
			continue
		}
		by := s.reqs[rec.allowedBy-1]
		lines = append(lines, fmt.Sprintf("#%d %s arrived at %s, %s before %s, the time allowed by the %d answer to #%d (sent at %s)",
			rec.Seq, rec.Route, s.rel(rec.Arrived), secs(rec.EarlyBy), s.rel(rec.allowed), by.Status, by.Seq, s.rel(by.Finished)))
	}
	if len(lines) == 0 {
		return nil
	}
	return s.failure("%d early %s (the client came back before Retry-After allowed):\n  %s",
		len(lines), plural(len(lines), "retry", "retries"), strings.Join(lines, "\n  "))
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// CheckNoDuplicateWrite returns an error when a POST or PATCH was applied
// more than once for the same logical operation, or nil. Requests are the
// same operation when they went to the same route with the same body: the
// server applies a body once per idempotency key (unless the route ignores
// keys), so a second application means that the client retried without a
// key, or with a key made anew for the attempt. PUT and DELETE are
// idempotent and never count as duplicates.
func (s *Server) CheckNoDuplicateWrite() error {
	s.mu.Lock()
	defer s.mu.Unlock()
	type op struct{ route, body string }
	applied := map[op][]*record{}
	var order []op
	for _, rec := range s.reqs {
		if !rec.Applied || (rec.Method != "POST" && rec.Method != "PATCH") {
			continue
		}
		o := op{rec.Route, rec.BodySHA256}
		if applied[o] == nil {
			order = append(order, o)
		}
		applied[o] = append(applied[o], rec)
	}
	var lines []string
	for _, o := range order {
		recs := applied[o]
		if len(recs) < 2 {
			continue
		}
		keys := map[string]bool{}
		var at []string
		for _, rec := range recs {
			keys[rec.IdempotencyKey] = true
			at = append(at, fmt.Sprintf("#%d at %s", rec.Seq, s.rel(rec.Arrived)))
		}
		why := "without an idempotency key"
		switch {
		case len(keys) > 1 && !keys[""]:
			why = fmt.Sprintf("under %d different idempotency keys (a key made anew for each attempt defeats deduplication)", len(keys))
		case len(keys) > 1:
			why = "with and without an idempotency key"
		case s.routes[o.route] != nil && s.routes[o.route].route.IgnoreIdempotencyKeys && !keys[""]:
			why = "with the same idempotency key, which this route does not honour"
		}
		lines = append(lines, fmt.Sprintf("%s: the same body (sha256 %s) was applied %d times, %s: %s",
			o.route, short(o.body), len(recs), why, strings.Join(at, ", ")))
	}
	if len(lines) == 0 {
		return nil
	}
	return s.failure("duplicate %s:\n  %s", plural(len(lines), "write", "writes"), strings.Join(lines, "\n  "))
}

// CheckAttemptsAtMost returns an error when more than n requests arrived
// for route ("METHOD /path", as in "POST /charges"), early ones included,
// or when route is not one of the server's routes.
func (s *Server) CheckAttemptsAtMost(route string, n int) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.routes[route] == nil {
		return fmt.Errorf("retrytest: CheckAttemptsAtMost: no route %q (the server has %s)", route, strings.Join(s.order, ", "))
	}
	if n < 0 {
		return fmt.Errorf("retrytest: CheckAttemptsAtMost: negative limit %d", n)
	}
	got := 0
	for _, rec := range s.reqs {
		if rec.Route == route {
			got++
		}
	}
	if got > n {
		return s.failure("%s: %d attempts, want at most %d", route, got, n)
	}
	return nil
}

// CheckNoUnknownRoute returns an error that lists the requests that matched
// no route (the server answered them 404), or nil.
func (s *Server) CheckNoUnknownRoute() error {
	s.mu.Lock()
	defer s.mu.Unlock()
	var lines []string
	for _, rec := range s.reqs {
		if rec.Route == "" {
			lines = append(lines, fmt.Sprintf("#%d %s %s at %s", rec.Seq, rec.Method, rec.Path, s.rel(rec.Arrived)))
		}
	}
	if len(lines) == 0 {
		return nil
	}
	return s.failure("%d %s for no configured route (answered 404; the server has %s):\n  %s",
		len(lines), plural(len(lines), "request", "requests"), strings.Join(s.order, ", "), strings.Join(lines, "\n  "))
}

// GaveUp reports how long after the first request the client's last
// request ended (answered, dropped, or abandoned by the client), and
// whether the client gave up: its last request did not succeed with a 2xx
// answer. Call it once the client has returned: it first waits up to two
// seconds for requests still in flight, so that the server notices the
// client's closed connections, and reports an error if some remain.
func (s *Server) GaveUp() (after time.Duration, gaveUp bool, err error) {
	deadline := time.NewTimer(settle)
	defer deadline.Stop()
	for {
		s.mu.Lock()
		if s.inflight == 0 {
			break
		}
		ch := s.changed
		s.mu.Unlock()
		select {
		case <-ch:
		case <-deadline.C:
			s.mu.Lock()
			defer s.mu.Unlock()
			return 0, false, s.failure("%d %s still in flight %v after the check began (has the client returned?)",
				s.inflight, plural(s.inflight, "request", "requests"), settle)
		}
	}
	defer s.mu.Unlock()
	if len(s.reqs) == 0 {
		return 0, false, errors.New("retrytest: no request arrived")
	}
	var end time.Time
	for _, rec := range s.reqs {
		if rec.Finished.After(end) {
			end = rec.Finished
		}
	}
	last := s.reqs[len(s.reqs)-1]
	return s.since(end), last.Status < 200 || last.Status > 299, nil
}

// CheckGaveUp returns an error unless the client gave up (see
// [Server.GaveUp]) within the given time of its first request; within <= 0
// means no limit. It returns how long after the first request the client's
// last request ended.
func (s *Server) CheckGaveUp(within time.Duration) (time.Duration, error) {
	after, gaveUp, err := s.GaveUp()
	if err != nil {
		return after, err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	last := s.reqs[len(s.reqs)-1]
	switch {
	case !gaveUp:
		return after, s.failure("the client did not give up: its last request, #%d at %s, succeeded with %d", last.Seq, s.rel(last.Arrived), last.Status)
	case within > 0 && after > within:
		return after, s.failure("the client gave up %s after its first request, later than the %s allowed (%d %s)",
			secs(after), secs(within), len(s.reqs), plural(len(s.reqs), "request", "requests"))
	}
	return after, nil
}

// AssertNoEarlyRetry fails tb when a request came back before the route's
// Retry-After allowed it (see [Server.CheckNoEarlyRetry]).
func (s *Server) AssertNoEarlyRetry(tb testing.TB) {
	tb.Helper()
	if err := s.CheckNoEarlyRetry(); err != nil {
		tb.Error(err)
	}
}

// AssertNoDuplicateWrite fails tb when a POST or PATCH was applied twice
// for the same logical operation (see [Server.CheckNoDuplicateWrite]).
func (s *Server) AssertNoDuplicateWrite(tb testing.TB) {
	tb.Helper()
	if err := s.CheckNoDuplicateWrite(); err != nil {
		tb.Error(err)
	}
}

// AssertAttemptsAtMost fails tb when more than n requests arrived for
// route, "METHOD /path" (see [Server.CheckAttemptsAtMost]).
func (s *Server) AssertAttemptsAtMost(tb testing.TB, route string, n int) {
	tb.Helper()
	if err := s.CheckAttemptsAtMost(route, n); err != nil {
		tb.Error(err)
	}
}

// AssertNoUnknownRoute fails tb when a request matched no route. The
// server of [NewServer] checks this when the test ends.
func (s *Server) AssertNoUnknownRoute(tb testing.TB) {
	tb.Helper()
	if err := s.CheckNoUnknownRoute(); err != nil {
		tb.Error(err)
	}
}

// AssertGaveUp fails tb unless the client gave up, its last request
// failed, within the given time of its first request (within <= 0: no
// limit), and returns how long after the first request the last one
// ended (see [Server.CheckGaveUp]). Call it once the client has returned.
func (s *Server) AssertGaveUp(tb testing.TB, within time.Duration) time.Duration {
	tb.Helper()
	after, err := s.CheckGaveUp(within)
	if err != nil {
		tb.Error(err)
	}
	return after
}
