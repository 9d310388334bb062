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
