package retrytest

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"math"
	"net/http"
	"net/http/httptest"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"
)

// EarlyPolicy says how a route answers an early retry: a request that
// arrives before the time its last throttling response allowed.
type EarlyPolicy int

const (
	// Rethrottle answers an early retry with the status of the throttling
	// response again and the time still to wait, without using up a step
	// of the script, as APIs that keep throttling an impatient client do.
	// A wait given in seconds is rounded up to a whole second, which moves
	// the allowed time later by up to a second; a date is sent unchanged.
	Rethrottle EarlyPolicy = iota
	// FollowScript answers an early retry with the next step of the
	// script, as if it were on time; it is still recorded as early.
	FollowScript
)

// A Route is a method and a path with its script of answers.
type Route struct {
	// Method is the request method, such as "POST"; required.
	Method string
	// Path is the URL path, matched exactly (the query is ignored), such
	// as "/charges"; required.
	Path string
	// Script lists the answers to the route's requests in order; it must
	// not be empty. When the script runs out, its last step repeats.
	Script []Step
	// OnEarly says how to answer an early retry (default Rethrottle).
	OnEarly EarlyPolicy
	// IgnoreIdempotencyKeys makes the route an API without an idempotency
	// contract: it applies every write, whatever key the client sends.
	IgnoreIdempotencyKeys bool
}

// String returns "METHOD /path", the name by which checks refer to the route.
func (r Route) String() string { return r.Method + " " + r.Path }

// A Request is what the server recorded of one request.
type Request struct {
	Seq    int    // 1 for the first request the server received, and so on
	Method string // request method
	Path   string // URL path
	// Route is "METHOD /path" of the route that answered, or "" when the
	// request matched no route (it was answered 404).
	Route string
	// Arrived is when the server received the request; At is the same
	// time relative to the first request the server received.
	Arrived time.Time
	At      time.Duration
	// IdempotencyKey is the value of the Idempotency-Key header, or of
	// X-Idempotency-Key when that is the one sent.
	IdempotencyKey string
	// BodySHA256 is the hex SHA-256 of the request body.
	BodySHA256 string
	// Step is the index in the route's script of the step that answered,
	// or -1 when no step did (an early retry answered by Rethrottle, an
	// unknown route).
	Step int
	// Early reports a request that arrived before the route allowed it;
	// EarlyBy says how long before.
	Early   bool
	EarlyBy time.Duration
	// Status is the response status; 0 when none was sent (the connection
	// was dropped, or the client went away first).
	Status int
	// Applied reports a write that this request applied; Replayed, a write
	// whose idempotency key had been applied before, which the server
	// answered without applying it again.
	Applied  bool
	Replayed bool
	// Outcome says in words how the server answered.
	Outcome string
	// Finished is when the server was done with the request (answer sent,
	// connection dropped, or the client gone); zero while in flight.
	Finished time.Time
}

type record struct {
	Request
	allowed   time.Time // for an early request: the time it was allowed
	allowedBy int       // the request whose throttling response set it
}

type keyUse struct {
	seq  int
	body string
}

type routeState struct {
	route     Route
	next      int       // index of the next step
	allowed   time.Time // next request allowed from (zero: no throttling yet)
	allowedBy int       // seq of the request whose response set allowed
	throttle  int       // status of that response
	date      string    // its Retry-After when given as a date
	keys      map[string]keyUse
}

// A Server is a throttling HTTP test server. Build one with [NewServer]
// (or [New]) and point the client under test at its URL.
type Server struct {
	// URL is the base URL of the server, such as "http://127.0.0.1:12345",
	// without a trailing slash.
	URL string

	hs      *httptest.Server
	closing chan struct{}
	once    sync.Once

	mu       sync.Mutex
	routes   map[string]*routeState
	order    []string
	reqs     []*record
	first    time.Time
	inflight int
	changed  chan struct{} // closed and replaced whenever a request finishes
}

// New starts a server with the given routes. It returns an error, and
// starts nothing, when the configuration is bad: no routes, a route without
// a method, a path or a script, the same route twice, or an invalid step.
// The caller must Close the server; in a test, [NewServer] does that.
func New(routes ...Route) (*Server, error) {
	if len(routes) == 0 {
		return nil, errors.New("retrytest: no routes: give at least one Route with a Method, a Path and a Script")
	}
	s := &Server{
		closing: make(chan struct{}),
		routes:  map[string]*routeState{},
		changed: make(chan struct{}),
	}
	for i, r := range routes {
		name := r.String()
		switch {
		case r.Method == "" || strings.ContainsAny(r.Method, " \t/"):
			return nil, fmt.Errorf("retrytest: route %d (%q): Method %q is not a request method such as \"POST\"", i+1, name, r.Method)
		case !strings.HasPrefix(r.Path, "/") || strings.ContainsAny(r.Path, "?# \t"):
			return nil, fmt.Errorf("retrytest: route %d (%q): Path %q is not a URL path such as \"/charges\" (it must start with / and has no query)", i+1, name, r.Path)
		case len(r.Script) == 0:
			return nil, fmt.Errorf("retrytest: route %s: empty script: give at least one Step (the last step repeats when the script runs out)", name)
		case r.OnEarly != Rethrottle && r.OnEarly != FollowScript:
			return nil, fmt.Errorf("retrytest: route %s: unknown OnEarly policy %d", name, r.OnEarly)
		case s.routes[name] != nil:
			return nil, fmt.Errorf("retrytest: route %s is configured twice", name)
		}
		for j, st := range r.Script {
			if err := st.validate(); err != nil {
				return nil, fmt.Errorf("retrytest: route %s, step %d of %d: %v", name, j+1, len(r.Script), err)
			}
		}
		r.Script = slices.Clone(r.Script)
		s.routes[name] = &routeState{route: r, keys: map[string]keyUse{}}
		s.order = append(s.order, name)
	}
	s.hs = httptest.NewServer(http.HandlerFunc(s.serveHTTP))
	s.URL = s.hs.URL
	return s, nil
}

// NewServer starts a server with the given routes for the test tb. A bad
// configuration (see [New]) fails the test at once with tb.Fatalf. When
// the test ends the server is closed, and the test fails if any request
// arrived for a route that is not configured (such requests are answered
// 404 and recorded; [Server.CheckNoUnknownRoute] reports them sooner).
func NewServer(tb testing.TB, routes ...Route) *Server {
	tb.Helper()
	s, err := New(routes...)
	if err != nil {
		tb.Fatalf("%v", err)
		return nil
	}
	tb.Cleanup(func() {
		s.Close()
		if err := s.CheckNoUnknownRoute(); err != nil {
			tb.Errorf("%v", err)
		}
	})
	return s
}

// Close shuts the server down. Requests held by a Delayed step end at
// once, without an answer. Close may be called more than once.
func (s *Server) Close() {
	s.once.Do(func() {
		close(s.closing)
		s.hs.CloseClientConnections()
		s.hs.Close()
	})
}

func isSafe(method string) bool {
	switch method {
	case http.MethodGet, http.MethodHead, http.MethodOptions, http.MethodTrace:
		return true
	}
	return false
}

// idempotencyKey returns the key a request carries, under either of the
// two header names that net/http itself recognises.
func idempotencyKey(h http.Header) string {
	if v := h.Get("Idempotency-Key"); v != "" {
		return v
	}
	return h.Get("X-Idempotency-Key")
}

func (s *Server) since(t time.Time) time.Duration {
	if s.first.IsZero() {
		return 0
	}
	return t.Sub(s.first)
}

func secs(d time.Duration) string { return fmt.Sprintf("%.3fs", d.Seconds()) }

func (s *Server) rel(t time.Time) string {
	d := s.since(t)
	if d < 0 {
		return "-" + secs(-d)
	}
	return "+" + secs(d)
}

// finish marks rec done; s.mu must be held.
func (s *Server) finish(rec *record) {
	rec.Finished = time.Now()
	s.inflight--
	close(s.changed)
	s.changed = make(chan struct{})
}

func (s *Server) serveHTTP(w http.ResponseWriter, r *http.Request) {
	arrived := time.Now()
	h := sha256.New()
	_, readErr := io.Copy(h, r.Body)
	sum := hex.EncodeToString(h.Sum(nil))

	s.mu.Lock()
	if s.first.IsZero() {
		s.first = arrived
	}
	rec := &record{Request: Request{
		Seq:            len(s.reqs) + 1,
		Method:         r.Method,
		Path:           r.URL.Path,
		Arrived:        arrived,
		IdempotencyKey: idempotencyKey(r.Header),
		BodySHA256:     sum,
		Step:           -1,
	}}
	s.reqs = append(s.reqs, rec)
	s.inflight++

	rs := s.routes[r.Method+" "+r.URL.Path]
	if rs == nil {
		rec.Status = http.StatusNotFound
		rec.Outcome = "404, no such route"
		s.finish(rec)
		known := strings.Join(s.order, ", ")
		s.mu.Unlock()
		http.Error(w, fmt.Sprintf("retrytest: no route %s %s (the server has %s)", r.Method, r.URL.Path, known), http.StatusNotFound)
		return
	}
	rec.Route = rs.route.String()
	if readErr != nil {
		rec.Outcome = "the request body could not be read: " + readErr.Error()
		s.finish(rec)
		s.mu.Unlock()
		return
	}

	if !rs.allowed.IsZero() && arrived.Before(rs.allowed) {
		rec.Early = true
		rec.EarlyBy = rs.allowed.Sub(arrived)
		rec.allowed, rec.allowedBy = rs.allowed, rs.allowedBy
		if rs.route.OnEarly == Rethrottle {
			sent := time.Now()
			var value string
			if rs.date != "" {
				value = rs.date
			} else {
				wait := ceilDuration(rs.allowed.Sub(sent))
				value = strconv.FormatInt(int64(wait/time.Second), 10)
				if next := sent.Add(wait); next.After(rs.allowed) {
					rs.allowed, rs.allowedBy = next, rec.Seq
				}
			}
			rec.Status = rs.throttle
			rec.Outcome = fmt.Sprintf("%d, Retry-After: %s, throttled again (next request allowed from %s)", rs.throttle, value, s.rel(rs.allowed))
			s.finish(rec)
			s.mu.Unlock()
			w.Header().Set("Retry-After", value)
			http.Error(w, fmt.Sprintf("retrytest: early retry, %s before the time allowed", secs(rec.EarlyBy)), rs.throttle)
			return
		}
	}

	idx := min(rs.next, len(rs.route.Script)-1)
	rs.next++
	step := rs.route.Script[idx]
	rec.Step = idx
	s.mu.Unlock()

	if step.delay > 0 {
		timer := time.NewTimer(step.delay)
		defer timer.Stop()
		select {
		case <-timer.C:
		case <-r.Context().Done():
			s.mu.Lock()
			rec.Outcome = fmt.Sprintf("no answer: the client went away after %s (the step holds a request %v)", secs(time.Since(arrived)), step.delay)
			s.mu.Unlock()
			s.drop(w, rec)
			return
		case <-s.closing:
			s.mu.Lock()
			rec.Outcome = "no answer: the server was closed"
			s.mu.Unlock()
			s.drop(w, rec)
			return
		}
	}
	s.answer(w, r, rs, rec, step)
}

// ceilDuration rounds d up to a whole second, and a negative d to zero.
func ceilDuration(d time.Duration) time.Duration {
	if d <= 0 {
		return 0
	}
	return (d + time.Second - 1) / time.Second * time.Second
}

func (s *Server) answer(w http.ResponseWriter, r *http.Request, rs *routeState, rec *record, step Step) {
	s.mu.Lock()
	body := step.body
	var header string
	switch step.kind {
	case kindThrottle, kindThrottleNumber, kindThrottleDate, kindThrottleUntil, kindThrottleMalformed:
		sent := time.Now()
		var allowed time.Time
		switch step.kind {
		case kindThrottle:
			header = strconv.FormatInt(int64(step.wait/time.Second), 10)
			allowed = sent.Add(step.wait)
		case kindThrottleNumber:
			header = strconv.FormatUint(step.seconds, 10)
			wait := time.Duration(math.MaxInt64)
			if step.seconds <= uint64(math.MaxInt64/int64(time.Second)) {
				wait = time.Duration(step.seconds) * time.Second
			}
			allowed = sent.Add(wait)
		case kindThrottleDate:
			allowed = ceilSecond(sent.Add(step.wait))
			header = allowed.UTC().Format(http.TimeFormat)
		case kindThrottleMalformed:
			header = step.raw
			allowed = sent
		default:
			allowed = step.until
			header = allowed.UTC().Format(http.TimeFormat)
		}
		if rs.allowed.IsZero() || allowed.After(rs.allowed) {
			rs.allowed, rs.allowedBy, rs.throttle = allowed, rec.Seq, step.status
			rs.date = ""
			if step.kind != kindThrottle && step.kind != kindThrottleMalformed {
				rs.date = header
			}
		}
		rec.Status = step.status
		rec.Outcome = fmt.Sprintf("%d, Retry-After: %s (next request allowed from %s)", step.status, header, s.rel(rs.allowed))
		if !step.hasBody {
			body = fmt.Sprintf("retrytest: throttled, Retry-After: %s\n", header)
		}
	case kindFail:
		rec.Status = step.status
		rec.Outcome = strconv.Itoa(step.status)
		if !step.hasBody {
			body = fmt.Sprintf("retrytest: scripted failure %d\n", step.status)
		}
	case kindOK, kindCommitAndDrop, kindCommitAndFail:
		outcome, status := s.apply(r, rs, rec)
		if status != 0 {
			// The key was reused with another body: refuse.
			rec.Status = status
			rec.Outcome = strconv.Itoa(status) + ", " + outcome
			s.finish(rec)
			s.mu.Unlock()
			http.Error(w, "retrytest: "+outcome, status)
			return
		}
		if step.kind == kindCommitAndDrop {
			rec.Outcome = "the connection was dropped without a response"
			if outcome != "" {
				rec.Outcome = outcome + ", then " + rec.Outcome
			}
			s.mu.Unlock()
			s.drop(w, rec)
			return
		}
		rec.Status = step.status
		rec.Outcome = strconv.Itoa(step.status)
		if outcome != "" {
			rec.Outcome += ", " + outcome
		}
		if step.kind == kindCommitAndFail {
			rec.Outcome += ", the write applied before the failure"
			if !step.hasBody {
				body = fmt.Sprintf("retrytest: scripted failure %d after the write was applied\n", step.status)
			}
		}
		if rec.Replayed {
			w.Header().Set("Idempotent-Replayed", "true")
		}
		if !step.hasBody && body == "" {
			body = fmt.Sprintf("retrytest: %d\n", step.status)
		}
	}
	status := rec.Status
	s.finish(rec)
	s.mu.Unlock()
	if header != "" {
		w.Header().Set("Retry-After", header)
	}
	for _, c := range step.cookies {
		http.SetCookie(w, c)
	}
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	w.WriteHeader(status)
	io.WriteString(w, body)
}

// apply applies the write that rec carries, unless its idempotency key was
// applied before. It returns a phrase for the outcome and, when the key was
// reused with a different body, the status that refuses it. s.mu is held.
func (s *Server) apply(r *http.Request, rs *routeState, rec *record) (string, int) {
	if isSafe(r.Method) {
		return "", 0
	}
	key := rec.IdempotencyKey
	if rs.route.IgnoreIdempotencyKeys {
		key = ""
	}
	if key != "" {
		if prev, ok := rs.keys[key]; ok {
			if prev.body != rec.BodySHA256 {
				return fmt.Sprintf("idempotency key of #%d reused with a different body", prev.seq), http.StatusUnprocessableEntity
			}
			rec.Replayed = true
			return fmt.Sprintf("replay of #%d (same idempotency key), not applied again", prev.seq), 0
		}
		rs.keys[key] = keyUse{seq: rec.Seq, body: rec.BodySHA256}
	}
	rec.Applied = true
	return "write applied", 0
}

// drop closes the connection of w without a response. The request is
// marked finished before the connection closes, so that a client that
// retries at once finds it finished.
func (s *Server) drop(w http.ResponseWriter, rec *record) {
	hj, ok := w.(http.Hijacker)
	if !ok {
		s.mu.Lock()
		rec.Outcome += " (could not hijack the connection: answered 500 instead)"
		rec.Status = http.StatusInternalServerError
		s.finish(rec)
		s.mu.Unlock()
		w.WriteHeader(http.StatusInternalServerError)
		return
	}
	conn, _, err := hj.Hijack()
	s.mu.Lock()
	if err != nil {
		rec.Outcome += " (hijack failed: " + err.Error() + ")"
	}
	s.finish(rec)
	s.mu.Unlock()
	if err == nil {
		conn.Close()
	}
}
