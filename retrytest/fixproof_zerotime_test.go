package retrytest_test

import (
	"strings"
	"testing"
	"time"

	"github.com/retrylint/retrylint/retrytest"
)

// TestFixBehavesZeroTime: a client that keeps the server's time to come
// back in a struct field and sleeps until it retries at once when a 429
// carries no Retry-After (the field is the zero time); after the
// retryafter fix it stops then, and an answer with Retry-After is still
// waited for.
func TestFixBehavesZeroTime(t *testing.T) {
	c := fixClient(t, "zeroreset", "retryafter", "the server's time in until is waited on with no test for the zero time")

	t.Run("no-retry-after", func(t *testing.T) {
		t.Parallel()
		routes := []retrytest.Route{{Method: "GET", Path: "/forecast",
			Script: []retrytest.Step{retrytest.Fail(429)}}}
		c.beforeAndAfter(t, routes, func(t *testing.T, fixed bool, bin string, srv *retrytest.Server) {
			res := runClient(t, bin, srv.URL+"/forecast")
			n := srv.Attempts("GET /forecast")
			if !fixed {
				// Four attempts, one after the other with no wait.
				reqs := srv.Requests()
				if n != 4 || len(reqs) != 4 || reqs[3].At-reqs[0].At > 500*time.Millisecond {
					t.Fatalf("the defect did not show: want 4 attempts with no wait between them\n%s", srv.Timeline())
				}
				t.Logf("defect shown: 4 attempts in %v", reqs[3].At-reqs[0].At)
				return
			}
			if n != 1 || res.code == 0 || !strings.Contains(res.stderr, "unknown: not retrying at once") {
				t.Errorf("the fixed client should stop after one attempt, got %d attempts, exit %d: %s\n%s", n, res.code, res.stderr, srv.Timeline())
			}
		})
	})

	t.Run("retry-after", func(t *testing.T) {
		t.Parallel()
		routes := []retrytest.Route{{Method: "GET", Path: "/forecast",
			Script: []retrytest.Step{retrytest.Throttle(429, time.Second), retrytest.OK(200).WithBody("sunny")}}}
		c.beforeAndAfter(t, routes, func(t *testing.T, fixed bool, bin string, srv *retrytest.Server) {
			res := runClient(t, bin, srv.URL+"/forecast")
			srv.AssertNoEarlyRetry(t)
			if n := srv.Attempts("GET /forecast"); n != 2 || res.code != 0 || res.stdout != "ok: sunny\n" {
				t.Errorf("fixed=%v: want 2 attempts and success, got %d, exit %d: %q %q\n%s", fixed, n, res.code, res.stdout, res.stderr, srv.Timeline())
			}
		})
	})
}
