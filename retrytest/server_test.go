package retrytest_test

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"regexp"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/retrylint/retrylint/retrytest"
)

// fakeTB records what the server reports through testing.TB. Methods it
// does not override panic (the embedded TB is nil), so a test fails loudly
// if the package calls one it should not.
type fakeTB struct {
	testing.TB
	mu       sync.Mutex
	errs     []string
	fatal    bool
	cleanups []func()
}

func (f *fakeTB) Helper() {}

func (f *fakeTB) Error(args ...any) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.errs = append(f.errs, fmt.Sprint(args...))
}

func (f *fakeTB) Errorf(format string, args ...any) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.errs = append(f.errs, fmt.Sprintf(format, args...))
}

func (f *fakeTB) Fatalf(format string, args ...any) {
	f.mu.Lock()
	f.errs = append(f.errs, fmt.Sprintf(format, args...))
	f.fatal = true
	f.mu.Unlock()
	runtime.Goexit()
}

func (f *fakeTB) Cleanup(fn func()) { f.cleanups = append(f.cleanups, fn) }

// runFake runs body with a fake TB in its own goroutine (Fatalf ends it),
// then the cleanups it registered, and returns the fake.
func runFake(body func(tb *fakeTB)) *fakeTB {
	f := &fakeTB{}
	done := make(chan struct{})
	go func() {
		defer close(done)
		body(f)
	}()
	<-done
	for i := len(f.cleanups) - 1; i >= 0; i-- {
		f.cleanups[i]()
	}
	return f
}

// newClient returns a client with a transport of its own, so that no
// connection is shared between tests.
func newClient(t *testing.T) *http.Client {
	tr := &http.Transport{}
	t.Cleanup(tr.CloseIdleConnections)
	return &http.Client{Transport: tr}
}

type answer struct {
	status int
	header http.Header
	body   string
	err    error
}

func do(t *testing.T, c *http.Client, method, url, body string, header ...string) answer {
	t.Helper()
	var r io.Reader
	if body != "" {
		r = strings.NewReader(body)
	}
	req, err := http.NewRequest(method, url, r)
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i+1 < len(header); i += 2 {
		req.Header.Set(header[i], header[i+1])
	}
	resp, err := c.Do(req)
	if err != nil {
		return answer{err: err}
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return answer{status: resp.StatusCode, header: resp.Header, body: string(b)}
}

func statuses(reqs []retrytest.Request) []int {
	var out []int
	for _, r := range reqs {
		out = append(out, r.Status)
	}
	return out
}

func mustMatch(t *testing.T, what, text string, patterns ...string) {
	t.Helper()
	for _, p := range patterns {
		if !regexp.MustCompile(p).MatchString(text) {
			t.Errorf("%s does not match %s:\n%s", what, p, text)
		}
	}
}

func TestThrottleSeconds(t *testing.T) {
	t.Parallel()
	srv := retrytest.NewServer(t, retrytest.Route{
		Method: "GET", Path: "/forecast",
		Script: []retrytest.Step{retrytest.Throttle(429, time.Second), retrytest.OK(200)},
	})
	c := newClient(t)

	a := do(t, c, "GET", srv.URL+"/forecast?city=Oslo", "")
	if a.status != 429 || a.header.Get("Retry-After") != "1" {
		t.Fatalf("first answer: %d Retry-After %q, want 429 Retry-After \"1\"", a.status, a.header.Get("Retry-After"))
	}
	// At once: early, and throttled again without using up the OK step.
	a = do(t, c, "GET", srv.URL+"/forecast", "")
	if a.status != 429 || a.header.Get("Retry-After") != "1" {
		t.Fatalf("early retry answered %d Retry-After %q, want 429 and the second still to wait", a.status, a.header.Get("Retry-After"))
	}
	// As the last answer says: wait a second from its receipt.
	time.Sleep(time.Second)
	if a = do(t, c, "GET", srv.URL+"/forecast", ""); a.status != 200 {
		t.Fatalf("retry after the wait answered %d, want 200", a.status)
	}

	reqs := srv.Requests()
	if len(reqs) != 3 || !reqs[1].Early || reqs[0].Early || reqs[2].Early {
		t.Fatalf("want only request 2 of 3 early:\n%s", srv.Timeline())
	}
	if reqs[1].Step != -1 || reqs[2].Step != 1 {
		t.Errorf("steps %d, %d; want -1 (rethrottled) and 1", reqs[1].Step, reqs[2].Step)
	}
	if reqs[1].EarlyBy <= 0 || reqs[1].EarlyBy > time.Second {
		t.Errorf("EarlyBy = %v, want within (0, 1s]", reqs[1].EarlyBy)
	}
	if reqs[0].At != 0 || reqs[2].At < time.Second {
		t.Errorf("At = %v, %v; want 0 and at least 1s", reqs[0].At, reqs[2].At)
	}
	err := srv.CheckNoEarlyRetry()
	if err == nil {
		t.Fatal("CheckNoEarlyRetry: nil, want the early retry")
	}
	mustMatch(t, "CheckNoEarlyRetry", err.Error(),
		`1 early retry`,
		`#2 GET /forecast arrived at \+0\.\d{3}s, \d\.\d{3}s before \+1\.\d{3}s, the time allowed by the 429 answer to #1 \(sent at \+0\.\d{3}s\)`,
		`(?s)#1 \+0\.000s GET /forecast -> 429, Retry-After: 1 .*\n  #2 \+0\.\d{3}s GET /forecast EARLY by \d\.\d{3}s -> 429, Retry-After: 1, throttled again.*\n  #3 \+1\.\d{3}s GET /forecast -> 200`)
	if err := srv.CheckAttemptsAtMost("GET /forecast", 3); err != nil {
		t.Error(err)
	}
}

func TestThrottleDate(t *testing.T) {
	t.Parallel()
	srv := retrytest.NewServer(t, retrytest.Route{
		Method: "POST", Path: "/jobs",
		Script: []retrytest.Step{retrytest.ThrottleDate(503, time.Second), retrytest.OK(202)},
	})
	c := newClient(t)
	before := time.Now()
	a := do(t, c, "POST", srv.URL+"/jobs", "{}")
	if a.status != 503 {
		t.Fatalf("first answer %d, want 503", a.status)
	}
	date, err := http.ParseTime(a.header.Get("Retry-After"))
	if err != nil {
		t.Fatalf("Retry-After %q is not an HTTP-date: %v", a.header.Get("Retry-After"), err)
	}
	if lo, hi := before.Add(time.Second).Truncate(time.Second), before.Add(3*time.Second); date.Before(lo) || date.After(hi) {
		t.Fatalf("Retry-After date %v, want between %v and %v", date, lo, hi)
	}
	// An early retry gets the same date back.
	if a := do(t, c, "POST", srv.URL+"/jobs", "{}"); a.status != 503 || a.header.Get("Retry-After") != date.Format(http.TimeFormat) {
		t.Fatalf("early retry: %d Retry-After %q, want 503 and the same date", a.status, a.header.Get("Retry-After"))
	}
	// A correct client waits until the date, and is not early.
	time.Sleep(time.Until(date))
	if a := do(t, c, "POST", srv.URL+"/jobs", "{}"); a.status != 202 {
		t.Fatalf("retry at the date: %d, want 202\n%s", a.status, srv.Timeline())
	}
	reqs := srv.Requests()
	if len(reqs) != 3 || reqs[0].Early || !reqs[1].Early || reqs[2].Early {
		t.Errorf("want only request 2 of 3 early:\n%s", srv.Timeline())
	}
}

func TestThrottleUntil(t *testing.T) {
	t.Parallel()
	past := time.Now().Add(-time.Hour)
	future := time.Now().Add(time.Hour)
	srv := retrytest.NewServer(t,
		retrytest.Route{Method: "GET", Path: "/past",
			Script: []retrytest.Step{retrytest.ThrottleUntil(429, past), retrytest.OK(200)}},
		retrytest.Route{Method: "GET", Path: "/future", OnEarly: retrytest.FollowScript,
			Script: []retrytest.Step{retrytest.ThrottleUntil(503, future), retrytest.OK(200)}},
	)
	c := newClient(t)

	a := do(t, c, "GET", srv.URL+"/past", "")
	if want := past.Add(time.Second).Truncate(time.Second).UTC().Format(http.TimeFormat); a.status != 429 || a.header.Get("Retry-After") != want {
		t.Errorf("past: %d Retry-After %q, want 429 %q", a.status, a.header.Get("Retry-After"), want)
	}
	if a := do(t, c, "GET", srv.URL+"/past", ""); a.status != 200 {
		t.Errorf("retry after a date in the past: %d, want 200", a.status)
	}

	do(t, c, "GET", srv.URL+"/future", "")
	// FollowScript: the early retry gets the next step, and is still early.
	if a := do(t, c, "GET", srv.URL+"/future", ""); a.status != 200 {
		t.Errorf("early retry under FollowScript: %d, want 200 from the script", a.status)
	}
	reqs := srv.Requests()
	if reqs[1].Early || !reqs[3].Early || reqs[3].Step != 1 || reqs[3].EarlyBy < 59*time.Minute {
		t.Errorf("want only /future's retry early, by about an hour, answered by step 1:\n%s", srv.Timeline())
	}
	if err := srv.CheckNoEarlyRetry(); err == nil || !strings.Contains(err.Error(), "#4 GET /future") {
		t.Errorf("CheckNoEarlyRetry: %v, want #4 reported", err)
	}
}

func TestRetryAfterZeroAndRepeatedLastStep(t *testing.T) {
	t.Parallel()
	srv := retrytest.NewServer(t, retrytest.Route{
		Method: "GET", Path: "/r",
		Script: []retrytest.Step{retrytest.Throttle(429, 0), retrytest.Fail(502), retrytest.OK(200).WithBody("sunny")},
	})
	c := newClient(t)
	var got []int
	for range 5 {
		a := do(t, c, "GET", srv.URL+"/r", "")
		got = append(got, a.status)
		if a.status == 429 && a.header.Get("Retry-After") != "0" {
			t.Errorf("Retry-After %q, want \"0\"", a.header.Get("Retry-After"))
		}
		if a.status == 200 && a.body != "sunny" {
			t.Errorf("body %q, want %q", a.body, "sunny")
		}
	}
	if want := []int{429, 502, 200, 200, 200}; fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("statuses %v, want %v (the last step repeats)", got, want)
	}
	srv.AssertNoEarlyRetry(t) // Retry-After: 0 allows an immediate retry
	if s := statuses(srv.Requests()); fmt.Sprint(s) != fmt.Sprint(got) {
		t.Errorf("recorded statuses %v, want %v", s, got)
	}
}

func TestWithCookie(t *testing.T) {
	t.Parallel()
	srv := retrytest.NewServer(t, retrytest.Route{
		Method: "GET", Path: "/r",
		Script: []retrytest.Step{retrytest.Fail(503).WithCookie("session", "s3cr3t").WithCookie("lb", "node-2"), retrytest.OK(200)},
	})
	c := newClient(t)
	a := do(t, c, "GET", srv.URL+"/r", "")
	if got := a.header.Values("Set-Cookie"); fmt.Sprint(got) != "[session=s3cr3t lb=node-2]" {
		t.Errorf("Set-Cookie %q, want the step's two cookies", got)
	}
	if a := do(t, c, "GET", srv.URL+"/r", ""); a.header.Get("Set-Cookie") != "" {
		t.Errorf("a step without cookies sets %q", a.header.Values("Set-Cookie"))
	}
}

const order = `{"customer":"c_42","amount":1999}`

func TestCommitAndDropWithoutKeyIsADuplicate(t *testing.T) {
	t.Parallel()
	srv := retrytest.NewServer(t, retrytest.Route{
		Method: "POST", Path: "/charges",
		Script: []retrytest.Step{retrytest.CommitAndDrop(), retrytest.OK(201)},
	})
	c := newClient(t)
	if a := do(t, c, "POST", srv.URL+"/charges", order); a.err == nil {
		t.Fatalf("CommitAndDrop: got %d, want a transport error", a.status)
	}
	if a := do(t, c, "POST", srv.URL+"/charges", order); a.status != 201 {
		t.Fatalf("retry: %d %v, want 201", a.status, a.err)
	}
	reqs := srv.Requests()
	if !reqs[0].Applied || reqs[0].Status != 0 || !reqs[1].Applied || reqs[0].BodySHA256 != reqs[1].BodySHA256 {
		t.Errorf("want both applied, the first without an answer, same body:\n%s", srv.Timeline())
	}
	err := srv.CheckNoDuplicateWrite()
	if err == nil {
		t.Fatal("CheckNoDuplicateWrite: nil, want the duplicate")
	}
	mustMatch(t, "CheckNoDuplicateWrite", err.Error(),
		`POST /charges: the same body \(sha256 [0-9a-f]{12}\) was applied 2 times, without an idempotency key: #1 at \+0\.000s, #2 at \+\d\.\d{3}s`,
		`#1 \+0\.000s POST /charges \(idempotency key none, body sha256 [0-9a-f]{12}\) -> write applied, then the connection was dropped without a response`,
		`#2 \+\d\.\d{3}s POST /charges .* -> 201, write applied`)
}

func TestCommitAndFailIsAWriteAnsweredWithAnError(t *testing.T) {
	t.Parallel()
	srv := retrytest.NewServer(t, retrytest.Route{
		Method: "POST", Path: "/charges",
		Script: []retrytest.Step{retrytest.CommitAndFail(502), retrytest.OK(201)},
	})
	c := newClient(t)
	if a := do(t, c, "POST", srv.URL+"/charges", order); a.err != nil || a.status != 502 {
		t.Fatalf("CommitAndFail(502): %d %v, want 502", a.status, a.err)
	}
	if a := do(t, c, "POST", srv.URL+"/charges", order); a.status != 201 {
		t.Fatalf("retry: %d %v, want 201", a.status, a.err)
	}
	reqs := srv.Requests()
	if !reqs[0].Applied || reqs[0].Status != 502 || !reqs[1].Applied {
		t.Errorf("want both applied, the first answered 502:\n%s", srv.Timeline())
	}
	err := srv.CheckNoDuplicateWrite()
	if err == nil {
		t.Fatal("CheckNoDuplicateWrite: nil, want the duplicate")
	}
	mustMatch(t, "CheckNoDuplicateWrite", err.Error(),
		`#1 \+0\.000s POST /charges .* -> 502, write applied, the write applied before the failure`)
}

func TestSameKeyIsReplayed(t *testing.T) {
	t.Parallel()
	srv := retrytest.NewServer(t, retrytest.Route{
		Method: "POST", Path: "/charges",
		Script: []retrytest.Step{retrytest.CommitAndDrop(), retrytest.CommitAndDrop(), retrytest.OK(201)},
	})
	c := newClient(t)
	for i := range 3 {
		a := do(t, c, "POST", srv.URL+"/charges", order, "Idempotency-Key", "k-1")
		if i == 2 && (a.status != 201 || a.header.Get("Idempotent-Replayed") != "true") {
			t.Errorf("third attempt: %d Idempotent-Replayed %q, want 201 \"true\"", a.status, a.header.Get("Idempotent-Replayed"))
		}
	}
	srv.AssertNoDuplicateWrite(t)
	reqs := srv.Requests()
	if !reqs[0].Applied || reqs[1].Applied || !reqs[1].Replayed || reqs[2].Applied || !reqs[2].Replayed || reqs[2].IdempotencyKey != "k-1" {
		t.Errorf("want the first applied and the others replayed:\n%s", srv.Timeline())
	}
	mustMatch(t, "timeline", srv.Timeline(), `#2 .* -> replay of #1 \(same idempotency key\), not applied again, then the connection was dropped`)
}

func TestKeyDefects(t *testing.T) {
	t.Parallel()
	srv := retrytest.NewServer(t,
		retrytest.Route{Method: "POST", Path: "/fresh", Script: []retrytest.Step{retrytest.CommitAndDrop(), retrytest.OK(201)}},
		retrytest.Route{Method: "PATCH", Path: "/ignored", IgnoreIdempotencyKeys: true, Script: []retrytest.Step{retrytest.OK(200)}},
		retrytest.Route{Method: "POST", Path: "/reused", Script: []retrytest.Step{retrytest.OK(201)}},
		retrytest.Route{Method: "PUT", Path: "/put", Script: []retrytest.Step{retrytest.CommitAndDrop(), retrytest.OK(200)}},
	)
	c := newClient(t)
	do(t, c, "POST", srv.URL+"/fresh", order, "Idempotency-Key", "a")
	do(t, c, "POST", srv.URL+"/fresh", order, "X-Idempotency-Key", "b")
	do(t, c, "PATCH", srv.URL+"/ignored", order, "Idempotency-Key", "k")
	do(t, c, "PATCH", srv.URL+"/ignored", order, "Idempotency-Key", "k")
	do(t, c, "POST", srv.URL+"/reused", order, "Idempotency-Key", "k")
	if a := do(t, c, "POST", srv.URL+"/reused", `{"other":true}`, "Idempotency-Key", "k"); a.status != 422 {
		t.Errorf("key reused with another body: %d, want 422", a.status)
	}
	do(t, c, "PUT", srv.URL+"/put", order)
	do(t, c, "PUT", srv.URL+"/put", order)

	err := srv.CheckNoDuplicateWrite()
	if err == nil {
		t.Fatal("CheckNoDuplicateWrite: nil, want two duplicates")
	}
	mustMatch(t, "CheckNoDuplicateWrite", err.Error(),
		`duplicate writes:`,
		`POST /fresh: .* applied 2 times, under 2 different idempotency keys \(a key made anew for each attempt defeats deduplication\)`,
		`PATCH /ignored: .* applied 2 times, with the same idempotency key, which this route does not honour`,
		`#6 .* POST /reused .* -> 422, idempotency key of #5 reused with a different body`)
	if strings.Contains(strings.Split(err.Error(), "timeline")[0], "PUT") || strings.Contains(strings.Split(err.Error(), "timeline")[0], "/reused:") {
		t.Errorf("PUT and the refused key reuse are not duplicates:\n%s", err)
	}
	if reqs := srv.Requests(); reqs[1].IdempotencyKey != "b" {
		t.Errorf("X-Idempotency-Key not recorded: %q", reqs[1].IdempotencyKey)
	}
}

func TestDelayed(t *testing.T) {
	t.Parallel()
	srv := retrytest.NewServer(t,
		retrytest.Route{Method: "GET", Path: "/slow", Script: []retrytest.Step{retrytest.Fail(504).Delayed(time.Minute)}},
		retrytest.Route{Method: "POST", Path: "/late", Script: []retrytest.Step{retrytest.OK(201).Delayed(150 * time.Millisecond)}},
	)
	c := newClient(t)
	ctx, cancel := context.WithTimeout(context.Background(), 100*time.Millisecond)
	defer cancel()
	req, _ := http.NewRequestWithContext(ctx, "GET", srv.URL+"/slow", nil)
	if _, err := c.Do(req); !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("client with a 100ms timeout: %v, want a deadline error", err)
	}
	after, gaveUp, err := srv.GaveUp()
	if err != nil || !gaveUp {
		t.Fatalf("GaveUp: %v, %v, %v", after, gaveUp, err)
	}
	r := srv.Requests()[0]
	if r.Status != 0 || !strings.Contains(r.Outcome, "the client went away") || r.Finished.Sub(r.Arrived) > 30*time.Second {
		t.Errorf("want the request abandoned by the client, long before the minute of the step: %+v", r)
	}

	if a := do(t, c, "POST", srv.URL+"/late", order); a.status != 201 {
		t.Fatalf("delayed OK: %d %v", a.status, a.err)
	}
	r = srv.Requests()[1]
	if !r.Applied || r.Finished.Sub(r.Arrived) < 150*time.Millisecond {
		t.Errorf("delayed OK: want applied, answered at least 150ms after arrival: %+v", r)
	}
}

func TestCloseEndsDelayedRequests(t *testing.T) {
	t.Parallel()
	srv, err := retrytest.New(retrytest.Route{Method: "GET", Path: "/slow", Script: []retrytest.Step{retrytest.OK(200).Delayed(time.Hour)}})
	if err != nil {
		t.Fatal(err)
	}
	c := newClient(t)
	errc := make(chan error, 1)
	go func() {
		resp, err := c.Get(srv.URL + "/slow")
		if err == nil {
			resp.Body.Close()
		}
		errc <- err
	}()
	// Wait until the request is held.
	for len(srv.Requests()) == 0 {
		runtime.Gosched()
	}
	srv.Close() // must not wait the hour
	srv.Close()
	if err := <-errc; err == nil {
		t.Error("the held request got an answer after Close")
	}
	if r := srv.Requests()[0]; !strings.Contains(r.Outcome, "no answer") {
		t.Errorf("outcome %q, want no answer", r.Outcome)
	}
}

func TestGaveUpAndAttempts(t *testing.T) {
	t.Parallel()
	srv := retrytest.NewServer(t,
		retrytest.Route{Method: "GET", Path: "/down", Script: []retrytest.Step{retrytest.Fail(502)}},
		retrytest.Route{Method: "GET", Path: "/up", Script: []retrytest.Step{retrytest.OK(200)}},
	)
	if _, err := srv.CheckGaveUp(0); err == nil || !strings.Contains(err.Error(), "no request arrived") {
		t.Errorf("CheckGaveUp before any request: %v", err)
	}
	c := newClient(t)
	for range 3 {
		do(t, c, "GET", srv.URL+"/down", "")
	}
	if after := srv.AssertGaveUp(t, 30*time.Second); after <= 0 {
		t.Errorf("AssertGaveUp returned %v, want the time of the last answer after the first", after)
	}
	if _, err := srv.CheckGaveUp(time.Nanosecond); err == nil || !strings.Contains(err.Error(), "later than the 0.000s allowed (3 requests)") {
		t.Errorf("CheckGaveUp(1ns): %v", err)
	}
	srv.AssertAttemptsAtMost(t, "GET /down", 3)
	mustMatch(t, "CheckAttemptsAtMost", fmt.Sprint(srv.CheckAttemptsAtMost("GET /down", 2)),
		`GET /down: 3 attempts, want at most 2`, `#3 \+\d\.\d{3}s GET /down -> 502`)
	mustMatch(t, "CheckAttemptsAtMost", fmt.Sprint(srv.CheckAttemptsAtMost("GET /nowhere", 2)),
		`no route "GET /nowhere" \(the server has GET /down, GET /up\)`)
	mustMatch(t, "CheckAttemptsAtMost", fmt.Sprint(srv.CheckAttemptsAtMost("GET /down", -1)), `negative limit`)
	if n := srv.Attempts("GET /down"); n != 3 {
		t.Errorf("Attempts = %d, want 3", n)
	}

	do(t, c, "GET", srv.URL+"/up", "")
	if _, err := srv.CheckGaveUp(0); err == nil || !strings.Contains(err.Error(), "did not give up: its last request, #4 at +") {
		t.Errorf("CheckGaveUp after a success: %v", err)
	}
}

func TestUnknownRoute(t *testing.T) {
	t.Parallel()
	var url string
	f := runFake(func(tb *fakeTB) {
		srv := retrytest.NewServer(tb, retrytest.Route{Method: "GET", Path: "/known", Script: []retrytest.Step{retrytest.OK(200)}})
		url = srv.URL
		c := newClient(t)
		if a := do(t, c, "POST", srv.URL+"/known", "x"); a.status != 404 {
			t.Errorf("wrong method: %d, want 404", a.status)
		}
		if a := do(t, c, "GET", srv.URL+"/unknown", ""); a.status != 404 || !strings.Contains(a.body, "GET /known") {
			t.Errorf("unknown path: %d %q, want 404 naming the routes", a.status, a.body)
		}
		if r := srv.Requests(); len(r) != 2 || r[0].Route != "" || r[1].Path != "/unknown" {
			t.Errorf("unknown-route requests not recorded: %+v", r)
		}
	})
	if url == "" || f.fatal || len(f.errs) != 1 {
		t.Fatalf("want one error from the cleanup, got fatal=%v %q", f.fatal, f.errs)
	}
	mustMatch(t, "cleanup error", f.errs[0],
		`2 requests for no configured route \(answered 404; the server has GET /known\)`,
		`#1 POST /known at \+0\.000s`, `#2 GET /unknown at \+0\.\d{3}s`)
}

func TestBadConfiguration(t *testing.T) {
	t.Parallel()
	ok := []retrytest.Step{retrytest.OK(200)}
	tests := []struct {
		name   string
		routes []retrytest.Route
		want   string
	}{
		{"no routes", nil, `no routes`},
		{"empty script", []retrytest.Route{{Method: "GET", Path: "/a"}}, `route GET /a: empty script`},
		{"negative Retry-After", []retrytest.Route{{Method: "GET", Path: "/a", Script: []retrytest.Step{retrytest.OK(200), retrytest.Throttle(429, -time.Second)}}},
			`route GET /a, step 2 of 2: Throttle: negative Retry-After -1s`},
		{"fractional seconds", []retrytest.Route{{Method: "GET", Path: "/a", Script: []retrytest.Step{retrytest.Throttle(429, 1500*time.Millisecond)}}},
			`Retry-After 1.5s is not a whole number of seconds`},
		{"negative date wait", []retrytest.Route{{Method: "GET", Path: "/a", Script: []retrytest.Step{retrytest.ThrottleDate(503, -time.Second)}}},
			`ThrottleDate: negative wait`},
		{"zero date", []retrytest.Route{{Method: "GET", Path: "/a", Script: []retrytest.Step{retrytest.ThrottleUntil(503, time.Time{})}}},
			`ThrottleUntil: zero time`},
		{"throttle status", []retrytest.Route{{Method: "GET", Path: "/a", Script: []retrytest.Step{retrytest.Throttle(500, time.Second)}}},
			`Throttle: status 500, want 429 or 503`},
		{"fail status", []retrytest.Route{{Method: "GET", Path: "/a", Script: []retrytest.Step{retrytest.Fail(200)}}},
			`Fail: status 200, want 400 to 599`},
		{"commit and fail status", []retrytest.Route{{Method: "POST", Path: "/a", Script: []retrytest.Step{retrytest.CommitAndFail(404)}}},
			`CommitAndFail: status 404, want 500 to 599`},
		{"ok status", []retrytest.Route{{Method: "GET", Path: "/a", Script: []retrytest.Step{retrytest.OK(500)}}},
			`OK: status 500, want 200 to 299`},
		{"negative delay", []retrytest.Route{{Method: "GET", Path: "/a", Script: []retrytest.Step{retrytest.OK(200).Delayed(-time.Second)}}},
			`Delayed: negative delay`},
		{"body on drop", []retrytest.Route{{Method: "GET", Path: "/a", Script: []retrytest.Step{retrytest.CommitAndDrop().WithBody("x")}}},
			`CommitAndDrop sends no response`},
		{"cookie on drop", []retrytest.Route{{Method: "GET", Path: "/a", Script: []retrytest.Step{retrytest.CommitAndDrop().WithCookie("session", "x")}}},
			`CommitAndDrop sends no response, so WithCookie`},
		{"bad cookie name", []retrytest.Route{{Method: "GET", Path: "/a", Script: []retrytest.Step{retrytest.OK(200).WithCookie("a b", "x")}}},
			`WithCookie: .*invalid Cookie.Name`},
		{"zero step", []retrytest.Route{{Method: "GET", Path: "/a", Script: []retrytest.Step{{}}}},
			`step 1 of 1: zero Step`},
		{"no method", []retrytest.Route{{Path: "/a", Script: ok}}, `Method "" is not a request method`},
		{"bad path", []retrytest.Route{{Method: "GET", Path: "a", Script: ok}}, `Path "a" is not a URL path`},
		{"query in path", []retrytest.Route{{Method: "GET", Path: "/a?b=c", Script: ok}}, `Path "/a\?b=c" is not a URL path`},
		{"twice", []retrytest.Route{{Method: "GET", Path: "/a", Script: ok}, {Method: "GET", Path: "/a", Script: ok}}, `route GET /a is configured twice`},
		{"bad policy", []retrytest.Route{{Method: "GET", Path: "/a", Script: ok, OnEarly: 7}}, `unknown OnEarly policy 7`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			srv, err := retrytest.New(tt.routes...)
			if err == nil {
				srv.Close()
				t.Fatalf("New: no error, want %s", tt.want)
			}
			mustMatch(t, "New error", err.Error(), `^retrytest: `, tt.want)

			var got *retrytest.Server
			f := runFake(func(tb *fakeTB) { got = retrytest.NewServer(tb, tt.routes...) })
			if !f.fatal || got != nil || len(f.errs) != 1 || f.errs[0] != err.Error() {
				t.Errorf("NewServer: fatal=%v server=%v errors %q, want one Fatalf with %q", f.fatal, got, f.errs, err)
			}
		})
	}
}

func TestAssertionsReportThroughTB(t *testing.T) {
	t.Parallel()
	var srv *retrytest.Server
	f := runFake(func(tb *fakeTB) {
		srv = retrytest.NewServer(tb, retrytest.Route{
			Method: "POST", Path: "/charges",
			Script:  []retrytest.Step{retrytest.Throttle(503, 5*time.Second), retrytest.CommitAndDrop(), retrytest.OK(201)},
			OnEarly: retrytest.FollowScript,
		})
		c := newClient(t)
		for range 3 {
			do(t, c, "POST", srv.URL+"/charges", order)
		}
		srv.AssertNoEarlyRetry(tb)
		srv.AssertNoDuplicateWrite(tb)
		srv.AssertAttemptsAtMost(tb, "POST /charges", 1)
		srv.AssertGaveUp(tb, 0)
		srv.AssertNoUnknownRoute(tb)
	})
	if f.fatal || len(f.errs) != 4 {
		t.Fatalf("want 4 errors, got fatal=%v:\n%s", f.fatal, strings.Join(f.errs, "\n---\n"))
	}
	for i, want := range []string{`2 early retries`, `duplicate write:`, `3 attempts, want at most 1`, `did not give up`} {
		mustMatch(t, "error", f.errs[i], want, `timeline \(times from the first request\):\n  #1 \+0\.000s POST /charges`)
	}
}

func TestConcurrentRequests(t *testing.T) {
	t.Parallel()
	srv := retrytest.NewServer(t, retrytest.Route{Method: "POST", Path: "/orders", Script: []retrytest.Step{retrytest.OK(201)}})
	c := newClient(t)
	var wg sync.WaitGroup
	for i := range 20 {
		wg.Go(func() { do(t, c, "POST", srv.URL+"/orders", fmt.Sprintf(`{"n":%d}`, i)) })
	}
	wg.Wait()
	srv.AssertNoDuplicateWrite(t)
	srv.AssertNoEarlyRetry(t)
	seen := map[int]bool{}
	for _, r := range srv.Requests() {
		if !r.Applied || r.Status != 201 || seen[r.Seq] {
			t.Errorf("request %+v", r)
		}
		seen[r.Seq] = true
	}
	if len(seen) != 20 {
		t.Errorf("%d requests recorded, want 20", len(seen))
	}
}

func TestStepString(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		step retrytest.Step
		want string
	}{
		{retrytest.Throttle(429, 2*time.Second), "Throttle(429, Retry-After: 2)"},
		{retrytest.ThrottleDate(503, time.Second), "ThrottleDate(503, Retry-After: the date 1s after the response)"},
		{retrytest.ThrottleUntil(503, time.Date(1999, 12, 31, 23, 59, 58, 1, time.UTC)), "ThrottleUntil(503, Retry-After: Fri, 31 Dec 1999 23:59:59 GMT)"},
		{retrytest.Fail(502).Delayed(time.Second), "Fail(502).Delayed(1s)"},
		{retrytest.OK(201), "OK(201)"},
		{retrytest.CommitAndDrop(), "CommitAndDrop()"},
		{retrytest.Fail(503).WithCookie("session", "s3cr3t"), `Fail(503).WithCookie("session")`},
		{retrytest.Step{}, "Step{}"},
	} {
		if got := tt.step.String(); got != tt.want {
			t.Errorf("String() = %q, want %q", got, tt.want)
		}
	}
}

func TestThrottleNumber(t *testing.T) {
	t.Parallel()
	srv := retrytest.NewServer(t, retrytest.Route{
		Method: "GET", Path: "/huge", OnEarly: retrytest.FollowScript,
		Script: []retrytest.Step{retrytest.ThrottleNumber(503, 10000000000), retrytest.OK(200)},
	})
	c := newClient(t)
	a := do(t, c, "GET", srv.URL+"/huge", "")
	if a.status != 503 || a.header.Get("Retry-After") != "10000000000" {
		t.Fatalf("first answer %d Retry-After %q, want 503 and 10000000000", a.status, a.header.Get("Retry-After"))
	}
	// Any retry is early: the wait does not even fit a time.Duration.
	if a := do(t, c, "GET", srv.URL+"/huge", ""); a.status != 200 {
		t.Fatalf("retry: %d, want 200 (the route follows its script)\n%s", a.status, srv.Timeline())
	}
	reqs := srv.Requests()
	if len(reqs) != 2 || reqs[0].Early || !reqs[1].Early || reqs[1].EarlyBy < 290*365*24*time.Hour {
		t.Errorf("want request 2 early by about 292 years:\n%s", srv.Timeline())
	}
	if bad := retrytest.ThrottleNumber(500, 1); bad.String() == "" {
		t.Error("ThrottleNumber(500, 1): empty description")
	}
}
