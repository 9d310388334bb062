package retrytest_test

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/retrylint/retrylint/retrytest"
)

// The tests in this file prove the fixes for retries made by a retry
// library: testdata/clients requires the library, and the fix is built
// and run against it.

// TestFixBehavesRetryIdempotencyRetryablehttp: an API client on a
// go-retryablehttp client with the default CheckRetry re-sends a POST
// after a transport error or a 502, and applies it twice when the answer
// to the first attempt was lost. After the retryidempotency fix (a
// CheckRetry wrapper) that POST is not re-sent after an unknown outcome,
// and every other retry is as before: a POST after a 429 or a 503 with
// Retry-After (a definite rejection), a GET after a 502 or a lost answer,
// and a POST that carries an Idempotency-Key after a 502.
func TestFixBehavesRetryIdempotencyRetryablehttp(t *testing.T) {
	c := fixClient(t, "retryablepost", "retryidempotency", "retryablehttp.Client retries transport errors and 5xx with the default CheckRetry")
	fc, _ := fixedOnce()
	if fixed := fc.sources["retryablepost"][1]; strings.Contains(fixed, "PrepareRetry") || !strings.Contains(fixed, "rc.CheckRetry = func(") {
		t.Errorf("the fix should wrap CheckRetry, not set PrepareRetry:\n%s", fixed)
	}
	c.unknownOutcomesOnly(t)
	t.Run("error", func(t *testing.T) {
		routes := []retrytest.Route{{Method: "POST", Path: "/charges", Script: []retrytest.Step{retrytest.Fail(502)}}}
		srv := retrytest.NewServer(t, routes...)
		res := runClient(t, c.after, "POST", srv.URL+"/charges")
		if res.code == 0 || !strings.Contains(res.stderr, "POST is not retried after an unknown outcome") {
			t.Errorf("the fixed client should report the unknown outcome as an error, got exit %d: %q %q", res.code, res.stdout, res.stderr)
		}
	})
}

// TestFixBehavesRetryIdempotencyAzcore: a function that sends through an
// azcore pipeline with the default retry status codes re-sends a POST
// after a transport error or a 502. After the retryidempotency fix (retry
// options on the request's context, with a ShouldRetry that retries only
// a definite rejection, and the pipeline's own MaxRetries and RetryDelay)
// that POST is not re-sent after an unknown outcome, and every other retry
// is as before.
func TestFixBehavesRetryIdempotencyAzcore(t *testing.T) {
	c := fixClient(t, "azurepost", "retryidempotency", "azcore pipeline retries transport errors and 500, 502, 504")
	fc, _ := fixedOnce()
	if fixed := fc.sources["azurepost"][1]; strings.Contains(fixed, "MaxRetries: -1") || !strings.Contains(fixed, "RetryDelay: 100 * time.Millisecond,\n") {
		t.Errorf("the fix should narrow the retries with ShouldRetry and keep the pipeline's options:\n%s", fixed)
	}
	c.unknownOutcomesOnly(t)
}

// unknownOutcomesOnly runs a client that sends "METHOD URL" (with
// -header=Name=value for extra headers) and prints the status of the
// answer, as written and as fixed: before the fix a POST is re-sent after
// a lost answer (applied twice) and after a 502; after it, once, and the
// caller does not hear of success; the retries that were right (a POST
// after 429 and 503 with Retry-After, a GET or PUT after a 502 or a lost
// answer, a keyed POST after a 502) take the same attempts before and
// after.
func (c client) unknownOutcomesOnly(t *testing.T) {
	// The unknown outcomes: before the fix the POST is re-sent, after it
	// the caller hears of the failure after one attempt.
	for _, tc := range []struct {
		name  string
		first retrytest.Step
		// applied: the first attempt is applied (its answer lost), so
		// the retry is a duplicate write.
		applied bool
	}{
		{"post-lost-answer", retrytest.CommitAndDrop(), true},
		{"post-502", retrytest.Fail(502), false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			routes := []retrytest.Route{{Method: "POST", Path: "/charges",
				Script: []retrytest.Step{tc.first, retrytest.OK(201)}}}
			c.beforeAndAfter(t, routes, func(t *testing.T, fixed bool, bin string, srv *retrytest.Server) {
				res := runClient(t, bin, "POST", srv.URL+"/charges")
				n := srv.Attempts("POST /charges")
				if !fixed {
					if n != 2 || res.code != 0 {
						t.Fatalf("the defect did not show: want the POST re-sent and answered 201, got %d attempts, exit %d\n%s", n, res.code, srv.Timeline())
					}
					if tc.applied {
						err := srv.CheckNoDuplicateWrite()
						if err == nil {
							t.Fatalf("the defect did not show: no duplicate write\n%s", srv.Timeline())
						}
						t.Logf("defect shown: %v", err)
					}
					return
				}
				srv.AssertNoDuplicateWrite(t)
				if n != 1 {
					t.Errorf("the fixed client sent the POST %d times after an unknown outcome, want once\n%s", n, srv.Timeline())
				}
				if res.code == 0 && strings.TrimSpace(res.stdout) == "201" {
					t.Errorf("the fixed client reports success after an unknown outcome: %q", res.stdout)
				}
				t.Logf("fixed:\n%s", srv.Timeline())
			})
		})
	}

	// The retries that were right stay: the same attempts, the same answer.
	for _, tc := range []struct {
		name, method, path string
		args               []string
		script             []retrytest.Step
		attempts, status   int
	}{
		{"post-429-503", "POST", "/charges", nil,
			[]retrytest.Step{retrytest.Throttle(429, time.Second), retrytest.Throttle(503, time.Second), retrytest.OK(201)}, 3, 201},
		{"get-502", "GET", "/charges/c_42", nil,
			[]retrytest.Step{retrytest.Fail(502), retrytest.OK(200)}, 2, 200},
		{"get-lost-answer", "GET", "/charges/c_42", nil,
			[]retrytest.Step{retrytest.CommitAndDrop(), retrytest.OK(200)}, 2, 200},
		{"put-502", "PUT", "/charges/c_42", nil,
			[]retrytest.Step{retrytest.Fail(502), retrytest.OK(200)}, 2, 200},
		{"post-with-key-502", "POST", "/charges", []string{"-header=Idempotency-Key=charge-c_42-1"},
			[]retrytest.Step{retrytest.Fail(502), retrytest.OK(201)}, 2, 201},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			routes := []retrytest.Route{{Method: tc.method, Path: tc.path, Script: tc.script}}
			c.beforeAndAfter(t, routes, func(t *testing.T, fixed bool, bin string, srv *retrytest.Server) {
				res := runClient(t, bin, append(tc.args, tc.method, srv.URL+tc.path)...)
				route := tc.method + " " + tc.path
				if n := srv.Attempts(route); n != tc.attempts || res.code != 0 || strings.TrimSpace(res.stdout) != fmt.Sprint(tc.status) {
					t.Errorf("fixed=%v: want %d attempts and %d, got %d attempts, exit %d: %q %q\n%s",
						fixed, tc.attempts, tc.status, n, res.code, res.stdout, res.stderr, srv.Timeline())
				}
				srv.AssertNoEarlyRetry(t)
				srv.AssertNoDuplicateWrite(t)
			})
		})
	}
}

// TestFixBehavesRetryDeadlineK8sBackoff: a poll with Kubernetes'
// wait.ExponentialBackoff (6 steps, 300 ms apart) under a caller's context
// of 1 s keeps sleeping after the deadline and returns "timed out" at
// 1.5 s. After the retrydeadline fix (ExponentialBackoffWithContext with
// the caller's context) it returns the context's error at the deadline;
// with time to spare, a poll that succeeds on the third attempt and one
// that runs out of steps behave as before.
func TestFixBehavesRetryDeadlineK8sBackoff(t *testing.T) {
	c := fixClient(t, "k8sbackoff", "retrydeadline", "wait.ExponentialBackoff waits with time.Sleep, which ignores cancellation of ctx")
	elapsed := func(t *testing.T, res result) time.Duration {
		t.Helper()
		d, err := time.ParseDuration(strings.TrimPrefix(strings.SplitN(res.stdout, "\n", 2)[0], "elapsed "))
		if err != nil {
			t.Fatalf("the client did not report its elapsed time: %q", res.stdout)
		}
		return d
	}
	const timedOut = "timed out waiting for the condition" // wait.ErrWaitTimeout

	t.Run("deadline", func(t *testing.T) {
		t.Parallel()
		routes := []retrytest.Route{{Method: "GET", Path: "/report", Script: []retrytest.Step{retrytest.Fail(503)}}}
		c.beforeAndAfter(t, routes, func(t *testing.T, fixed bool, bin string, srv *retrytest.Server) {
			res := runClient(t, bin, "-timeout=1s", srv.URL+"/report")
			d := elapsed(t, res)
			if !fixed {
				if d < 1400*time.Millisecond || !strings.Contains(res.stderr, timedOut) {
					t.Fatalf("the defect did not show: the client returned after %v: %q", d, res.stderr)
				}
				t.Logf("defect shown: the caller's deadline was 1s, the poll returned %q after %v", strings.TrimSpace(res.stderr), d)
				return
			}
			if d > 1300*time.Millisecond || !strings.Contains(res.stderr, "context deadline exceeded") {
				t.Errorf("the fixed client should return its context's error at the 1s deadline, got %q after %v", res.stderr, d)
			}
			srv.AssertAttemptsAtMost(t, "GET /report", 4)
		})
	})

	for _, tc := range []struct {
		name     string
		script   []retrytest.Step
		attempts int
		want     string // in stdout, or in stderr when the poll fails
	}{
		{"succeeds", []retrytest.Step{retrytest.Fail(503), retrytest.Fail(503), retrytest.OK(200)}, 3, "ok"},
		{"runs-out", []retrytest.Step{retrytest.Fail(503)}, 6, timedOut},
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

// TestFixBehavesRetryIdempotencyResty: a resty client whose retry
// condition retries every transport error and a 503 re-sends a POST whose
// answer was lost, and applies it twice. After the retryidempotency fix
// the condition refuses that POST after a transport error only: a POST
// refused with a 503 (not applied) is retried as before, and so are a GET
// and a keyed POST after a lost answer.
func TestFixBehavesRetryIdempotencyResty(t *testing.T) {
	c := fixClient(t, "restypost", "retryidempotency", "resty retry condition retries a transport error (an unknown outcome) whatever the request's method")

	t.Run("post-lost-answer", func(t *testing.T) {
		t.Parallel()
		routes := []retrytest.Route{{Method: "POST", Path: "/charges",
			Script: []retrytest.Step{retrytest.CommitAndDrop(), retrytest.OK(201)}}}
		c.beforeAndAfter(t, routes, func(t *testing.T, fixed bool, bin string, srv *retrytest.Server) {
			res := runClient(t, bin, "POST", srv.URL+"/charges")
			if !fixed {
				err := srv.CheckNoDuplicateWrite()
				if err == nil {
					t.Fatalf("the defect did not show: no duplicate write\n%s", srv.Timeline())
				}
				t.Logf("defect shown: %v", err)
				return
			}
			srv.AssertNoDuplicateWrite(t)
			if n := srv.Attempts("POST /charges"); n != 1 || res.code == 0 {
				t.Errorf("the fixed client should send the POST once and report the lost answer, got %d attempts, exit %d\n%s", n, res.code, srv.Timeline())
			}
		})
	})

	for _, tc := range []struct {
		name, method, path string
		args               []string
		script             []retrytest.Step
		status             int
	}{
		{"post-503", "POST", "/charges", nil, []retrytest.Step{retrytest.Fail(503), retrytest.OK(201)}, 201},
		{"get-lost-answer", "GET", "/charges/c_42", nil, []retrytest.Step{retrytest.CommitAndDrop(), retrytest.OK(200)}, 200},
		{"post-with-key-lost-answer", "POST", "/charges", []string{"-key=charge-c_42-1"}, []retrytest.Step{retrytest.CommitAndDrop(), retrytest.OK(201)}, 201},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			routes := []retrytest.Route{{Method: tc.method, Path: tc.path, Script: tc.script}}
			c.beforeAndAfter(t, routes, func(t *testing.T, fixed bool, bin string, srv *retrytest.Server) {
				res := runClient(t, bin, append(tc.args, tc.method, srv.URL+tc.path)...)
				if n := srv.Attempts(tc.method + " " + tc.path); n != 2 || res.code != 0 || strings.TrimSpace(res.stdout) != fmt.Sprint(tc.status) {
					t.Errorf("fixed=%v: want 2 attempts and %d, got %d attempts, exit %d: %q %q\n%s", fixed, tc.status, n, res.code, res.stdout, res.stderr, srv.Timeline())
				}
				srv.AssertNoDuplicateWrite(t)
			})
		})
	}
}
