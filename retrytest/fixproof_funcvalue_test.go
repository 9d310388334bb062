package retrytest_test

import (
	"strings"
	"testing"
	"time"

	"github.com/retrylint/retrylint/retrytest"
)

// TestFixBehavesRetryAfterFuncValue: a policy whose backoff function value
// returns the server's Retry-After on a 429, and which caps what it
// returns, comes back early when the server asks for more than the cap;
// after the retryafter fix it gives up then, and a 503 without Retry-After
// still gets the client's own backoff, capped as before.
func TestFixBehavesRetryAfterFuncValue(t *testing.T) {
	c := fixClient(t, "backoffpolicy", "retryafter", "Retry-After is capped by if backoff > p.MaxWait")

	t.Run("capped", func(t *testing.T) {
		t.Parallel()
		// The server asks for 2 s; the client accepts at most 1 s.
		routes := []retrytest.Route{{Method: "GET", Path: "/forecast",
			Script: []retrytest.Step{retrytest.Throttle(429, 2*time.Second), retrytest.OK(200).WithBody("sunny")}}}
		c.beforeAndAfter(t, routes, func(t *testing.T, fixed bool, bin string, srv *retrytest.Server) {
			res := runClient(t, bin, "-max-wait=1s", srv.URL+"/forecast")
			if !fixed {
				showsEarlyRetry(t, srv)
				return
			}
			srv.AssertNoEarlyRetry(t)
			srv.AssertAttemptsAtMost(t, "GET /forecast", 1)
			srv.AssertGaveUp(t, time.Second)
			if res.code == 0 || !strings.Contains(res.stderr, "retry_after_exceeds_deadline") {
				t.Errorf("the fixed client should stop with retry_after_exceeds_deadline, got exit %d: %s", res.code, res.stderr)
			}
		})
	})

	t.Run("no-retry-after", func(t *testing.T) {
		t.Parallel()
		// 503 without Retry-After: the backoff is the client's own (100,
		// 200, 400 ms), capped at 150 ms before and after the fix.
		routes := []retrytest.Route{{Method: "GET", Path: "/forecast",
			Script: []retrytest.Step{retrytest.Fail(503)}}}
		c.beforeAndAfter(t, routes, func(t *testing.T, fixed bool, bin string, srv *retrytest.Server) {
			res := runClient(t, bin, "-max-wait=150ms", srv.URL+"/forecast")
			if res.code == 0 || !strings.Contains(res.stderr, "still throttled after 4 attempts") || strings.Contains(res.stderr, "retry_after_exceeds_deadline") {
				t.Errorf("fixed=%v: the client should use its own capped backoff for all 4 attempts, got exit %d: %s", fixed, res.code, res.stderr)
			}
			if n := srv.Attempts("GET /forecast"); n != 4 {
				t.Errorf("fixed=%v: %d attempts, want 4\n%s", fixed, n, srv.Timeline())
			}
			if reqs := srv.Requests(); len(reqs) == 4 {
				if gap := reqs[3].At - reqs[2].At; gap >= 300*time.Millisecond {
					t.Errorf("fixed=%v: the wait before the last attempt was %v: the client's own backoff is not capped at 150ms\n%s", fixed, gap, srv.Timeline())
				}
			}
		})
	})

	t.Run("short-wait", func(t *testing.T) {
		t.Parallel()
		// The server asks for 1 s, within the client's 3 s: both wait
		// and succeed.
		routes := []retrytest.Route{{Method: "GET", Path: "/forecast",
			Script: []retrytest.Step{retrytest.Throttle(429, time.Second), retrytest.OK(200).WithBody("sunny")}}}
		c.beforeAndAfter(t, routes, func(t *testing.T, fixed bool, bin string, srv *retrytest.Server) {
			res := runClient(t, bin, "-max-wait=3s", srv.URL+"/forecast")
			srv.AssertNoEarlyRetry(t)
			if n := srv.Attempts("GET /forecast"); n != 2 || res.code != 0 || res.stdout != "ok: sunny\n" {
				t.Errorf("fixed=%v: want 2 attempts and success, got %d attempts, exit %d: %q %q\n%s", fixed, n, res.code, res.stdout, res.stderr, srv.Timeline())
			}
		})
	})
}

// TestFixBehavesRetryDeadlineBlindCallee: a fetch through a retry helper
// of another package (5 attempts, 600 ms apart, time.Sleep) under a
// caller's context of 1 s keeps sleeping after the deadline and returns at
// 2.4 s. After the retrydeadline fix (the helper runs in a goroutine, and
// the caller stops waiting for it when its context is done) it returns
// the context's error at the deadline; with time to spare, a fetch that
// succeeds on the third attempt and one that runs out of attempts behave
// as before.
func TestFixBehavesRetryDeadlineBlindCallee(t *testing.T) {
	c := fixClient(t, "blindcallee", "retrydeadline", "retry helper retryutil.Do waits between attempts with no context (time.Sleep in Do), while the operation handed to it uses ctx")
	proveWaitEndsWithContext(t, c, true)
}

// proveWaitEndsWithContext runs a client that fetches /report with 5
// attempts 600 ms apart under a context of -timeout: before the fix its
// waits outlast a 1 s deadline (it returns after 1.8 s or more); after it,
// it gives up at the deadline (with the context's error when ctxErr),
// and with time to spare a fetch that succeeds on the third attempt and
// one that runs out of attempts behave as before.
func proveWaitEndsWithContext(t *testing.T, c client, ctxErr bool) {
	t.Helper()
	elapsed := func(t *testing.T, res result) time.Duration {
		t.Helper()
		d, err := time.ParseDuration(strings.TrimPrefix(strings.SplitN(res.stdout, "\n", 2)[0], "elapsed "))
		if err != nil {
			t.Fatalf("the client did not report its elapsed time: %q", res.stdout)
		}
		return d
	}
	t.Run("deadline", func(t *testing.T) {
		t.Parallel()
		routes := []retrytest.Route{{Method: "GET", Path: "/report", Script: []retrytest.Step{retrytest.Fail(503)}}}
		c.beforeAndAfter(t, routes, func(t *testing.T, fixed bool, bin string, srv *retrytest.Server) {
			res := runClient(t, bin, "-timeout=1s", srv.URL+"/report")
			d := elapsed(t, res)
			if !fixed {
				if d < 1800*time.Millisecond {
					t.Fatalf("the defect did not show: the client returned after %v: %q", d, res.stderr)
				}
				t.Logf("defect shown: the caller's deadline was 1s, the retry returned %q after %v", strings.TrimSpace(res.stderr), d)
				return
			}
			if d > 1300*time.Millisecond || res.code == 0 || ctxErr && !strings.Contains(res.stderr, "context deadline exceeded") {
				t.Errorf("the fixed client should give up at the 1s deadline (with its context's error: %v), got %q after %v", ctxErr, res.stderr, d)
			}
			srv.AssertAttemptsAtMost(t, "GET /report", 2)
		})
	})
	for _, tc := range []struct {
		name     string
		script   []retrytest.Step
		attempts int
		want     string // in stdout, or in stderr when the fetch fails
	}{
		{"succeeds", []retrytest.Step{retrytest.Fail(503), retrytest.Fail(503), retrytest.OK(200)}, 3, "ok"},
		{"runs-out", []retrytest.Step{retrytest.Fail(503)}, 5, "status 503"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			routes := []retrytest.Route{{Method: "GET", Path: "/report", Script: tc.script}}
			c.beforeAndAfter(t, routes, func(t *testing.T, fixed bool, bin string, srv *retrytest.Server) {
				res := runClient(t, bin, "-timeout=10s", srv.URL+"/report")
				if n := srv.Attempts("GET /report"); n != tc.attempts || !strings.Contains(res.stdout+res.stderr, tc.want) {
					t.Errorf("fixed=%v: want %d attempts and %q, got %d, exit %d: %q %q\n%s", fixed, tc.attempts, tc.want, n, res.code, res.stdout, res.stderr, srv.Timeline())
				}
			})
		})
	}
}

// TestFixBehavesRetryDeadlineContextWait: a retry loop (5 attempts) that
// waits 600 ms between attempts with a function that takes the context and
// ignores it, under a caller's context of 1 s, runs every wait to its end
// after the deadline and returns at 2.4 s. After the retrydeadline fix
// (the wait is a select that also ends with the context) it returns at
// the deadline; with time to spare, a fetch that succeeds on the third
// attempt and one that runs out of attempts behave as before.
func TestFixBehavesRetryDeadlineContextWait(t *testing.T) {
	c := fixClient(t, "ctxwait", "retrydeadline", "sleepCtx takes a context but waits with time.Sleep, which ignores it")
	proveWaitEndsWithContext(t, c, true)
}

// TestFixBehavesRetryDeadlineWaitHelper: as TestFixBehavesRetryDeadline
// ContextWait, with a back-off helper that computes its wait and sleeps
// it, taking no context: the loop sleeps on after the deadline and
// returns at 2.4 s. After the retrydeadline fix (the helper takes the
// context, waits in a select on it and returns its error, which the loop
// returns) it returns at the deadline; with time to spare, a fetch that
// succeeds on the third attempt and one that runs out of attempts behave
// as before.
func TestFixBehavesRetryDeadlineWaitHelper(t *testing.T) {
	c := fixClient(t, "waithelper", "retrydeadline", "backoff, which waits with time.Sleep, in retry loop ignores cancellation of ctx")
	proveWaitEndsWithContext(t, c, true)
}

// TestFixBehavesRetryDeadlineBlindIterator: a retry loop that ranges over
// an iterator yielding 5 attempts and sleeping 600 ms between them with
// time.Sleep, under a caller's context of 1 s, sleeps on after the
// deadline and returns at 2.4 s. After the retrydeadline fix (the
// iterator takes the loop's context and its wait ends the iteration when
// the context is done) it returns at the deadline; with time to spare, a fetch that succeeds on the third
// attempt and one that runs out of attempts behave as before.
func TestFixBehavesRetryDeadlineBlindIterator(t *testing.T) {
	c := fixClient(t, "blinditer", "retrydeadline", "retry loop ranges over attempts, whose time.Sleep between values takes no context, while the loop uses ctx")
	proveWaitEndsWithContext(t, c, false)
}

// TestFixBehavesRetryDeadlineHeldContext: a client that keeps its
// caller's context (1 s) and puts it on every request fetches through a
// retry helper that runs the operation its struct holds (5 attempts,
// 600 ms apart); the helper is made without the context, and its
// time.Sleep would ignore it anyway, so it returns at 2.4 s. After the
// two retrydeadline fixes (the client sets the helper's Context, the
// helper waits in a select on it) it returns at the deadline; with time
// to spare, a fetch that succeeds on the third attempt and one that runs
// out of attempts behave as before.
func TestFixBehavesRetryDeadlineHeldContext(t *testing.T) {
	c := fixClient(t, "heldexec", "retrydeadline",
		"time.Sleep in retry loop ignores cancellation of r.Context",
		"RetryExecutor is made without its Context while c.ctx is at hand")
	proveWaitEndsWithContext(t, c, true)
}
