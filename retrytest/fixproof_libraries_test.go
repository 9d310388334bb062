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

// TestFixBehavesRetryIdempotencyRestyMiddleware: a resty client whose
// OnBeforeRequest middleware gives each POST a new Idempotency-Key sends a
// new key on every attempt (resty runs the middleware before each), so a
// POST whose answer was lost is applied twice. After the retryidempotency
// fix, which sets the key only when the request has none, both attempts
// carry the first key and the server applies it once; a POST refused with
// a 503 and a GET take the same attempts as before.
func TestFixBehavesRetryIdempotencyRestyMiddleware(t *testing.T) {
	c := fixClient(t, "restymw", "retryidempotency", "resty runs OnBeforeRequest before every attempt, and this middleware sets a new Idempotency-Key each time")

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
			if n := srv.Attempts("POST /charges"); n != 2 || res.code != 0 {
				t.Errorf("the fixed client should send the POST twice with one key and succeed, got %d attempts, exit %d: %q\n%s", n, res.code, res.stderr, srv.Timeline())
			}
		})
	})

	for _, tc := range []struct {
		name, method, path string
		script             []retrytest.Step
		status             int
	}{
		{"post-503", "POST", "/charges", []retrytest.Step{retrytest.Fail(503), retrytest.OK(201)}, 201},
		{"get-lost-answer", "GET", "/charges/c_42", []retrytest.Step{retrytest.CommitAndDrop(), retrytest.OK(200)}, 200},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			routes := []retrytest.Route{{Method: tc.method, Path: tc.path, Script: tc.script}}
			c.beforeAndAfter(t, routes, func(t *testing.T, fixed bool, bin string, srv *retrytest.Server) {
				res := runClient(t, bin, tc.method, srv.URL+tc.path)
				if n := srv.Attempts(tc.method + " " + tc.path); n != 2 || res.code != 0 || strings.TrimSpace(res.stdout) != fmt.Sprint(tc.status) {
					t.Errorf("fixed=%v: want 2 attempts and %d, got %d attempts, exit %d: %q %q\n%s", fixed, tc.status, n, res.code, res.stdout, res.stderr, srv.Timeline())
				}
				srv.AssertNoDuplicateWrite(t)
			})
		})
	}
}

// The retry libraries whose operations testdata/clients/libctx,
// libforever and libpost retry, by the name their -lib flag takes.
var retryLibs = []string{"goretry", "backoff5", "retrygo", "failsafe"}

// TestFixBehavesRetryIdempotencyLibraries: a charge posted through a retry
// library (in the operation go-retry, backoff v5, retry-go or a failsafe-go
// Executor retries; through failsafehttp.Request; through a resty v3
// client that retries writes; through an http.Client whose Transport is a
// failsafehttp round tripper, by a helper that sends requests of any
// method) whose answer is lost is retried without a key and applied twice. After the retryidempotency fix (a key made once,
// before the retry, and set on every attempt's request) both attempts
// carry one key and the server applies it once; a POST refused with a 503
// takes the same attempts as before.
func TestFixBehavesRetryIdempotencyLibraries(t *testing.T) {
	c := fixClient(t, "libpost", "retryidempotency",
		"POST is retried by retry.Do after a transport error without an idempotency key",
		"POST is retried by backoff.Retry after a transport error without an idempotency key",
		"POST is retried by failsafe Executor.Run after a transport error without an idempotency key",
		"POST is sent by failsafehttp.Request.Do under a retry policy that retries transport errors, without an idempotency key",
		"POST is sent through a resty client with SetRetryCount and SetRetryAllowNonIdempotent, which retries it after a transport error, without an idempotency key",
		"POST or PATCH is sent through an http.Client whose Transport is a failsafehttp round tripper")
	fc, _ := fixedOnce()
	if n := len(fc.findings["libpost"]); n != 7 {
		t.Errorf("want one finding for each of the seven ways, got %d", n)
	}
	for _, lib := range append(retryLibs, "failsafehttp", "failsafert", "restyv3") {
		t.Run(lib, func(t *testing.T) {
			t.Parallel()
			t.Run("post-lost-answer", func(t *testing.T) {
				t.Parallel()
				routes := []retrytest.Route{{Method: "POST", Path: "/charges",
					Script: []retrytest.Step{retrytest.CommitAndDrop(), retrytest.OK(201)}}}
				c.beforeAndAfter(t, routes, func(t *testing.T, fixed bool, bin string, srv *retrytest.Server) {
					res := runClient(t, bin, "-lib="+lib, srv.URL+"/charges")
					if res.code != 0 {
						t.Errorf("the client should report the charge as done after its retry, got exit %d: %s", res.code, res.stderr)
					}
					if !fixed {
						err := srv.CheckNoDuplicateWrite()
						if err == nil {
							t.Fatalf("the defect did not show: no duplicate write\n%s", srv.Timeline())
						}
						t.Logf("defect shown: %v", err)
						return
					}
					srv.AssertNoDuplicateWrite(t)
					reqs := srv.Requests()
					if len(reqs) != 2 || reqs[0].IdempotencyKey == "" || reqs[1].IdempotencyKey != reqs[0].IdempotencyKey || !reqs[1].Replayed {
						t.Errorf("want two attempts with one key, the second replayed:\n%s", srv.Timeline())
					}
				})
			})
			// A 503 is retried by every library but resty v3, whose
			// condition retries transport errors only; the fix changes
			// neither.
			t.Run("post-503", func(t *testing.T) {
				t.Parallel()
				attempts, code := 2, 0
				if lib == "restyv3" {
					attempts, code = 1, 1
				}
				routes := []retrytest.Route{{Method: "POST", Path: "/charges",
					Script: []retrytest.Step{retrytest.Fail(503), retrytest.OK(201)}}}
				c.beforeAndAfter(t, routes, func(t *testing.T, fixed bool, bin string, srv *retrytest.Server) {
					res := runClient(t, bin, "-lib="+lib, srv.URL+"/charges")
					if n := srv.Attempts("POST /charges"); n != attempts || res.code != code {
						t.Errorf("fixed=%v: want %d attempts and exit %d, got %d, exit %d\n%s", fixed, attempts, code, n, res.code, srv.Timeline())
					}
					srv.AssertNoDuplicateWrite(t)
				})
			})
		})
	}
}

// elapsedOf reads the "elapsed <duration>" line a client prints first.
func elapsedOf(t *testing.T, res result) time.Duration {
	t.Helper()
	d, err := time.ParseDuration(strings.TrimPrefix(strings.SplitN(res.stdout, "\n", 2)[0], "elapsed "))
	if err != nil {
		t.Fatalf("the client did not report its elapsed time: %q", res.stdout)
	}
	return d
}

// TestFixBehavesRetryDeadlineLibraryContext: a fetch retried by go-retry,
// backoff v5, retry-go or a failsafe-go Executor (six attempts, 300 ms
// apart) whose caller's context is not handed to the library goes on
// waiting and trying after the caller's 1 s deadline and returns at
// 1.5 s. After the retrydeadline fix (the caller's context passed: go-retry
// and backoff's ctx argument, retry.Context, Executor.WithContext) it
// returns at the deadline; with time to spare, a fetch that succeeds on
// its third attempt and one that runs out of attempts behave as before.
func TestFixBehavesRetryDeadlineLibraryContext(t *testing.T) {
	c := fixClient(t, "libctx", "retrydeadline",
		"go-retry Do is given context.Background() instead of ctx",
		"backoff Retry is given context.Background() instead of ctx",
		"retry.Do without retry.Context(ctx)",
		"failsafe Executor.Run without WithContext(ctx)")
	for _, lib := range retryLibs {
		t.Run(lib, func(t *testing.T) {
			t.Parallel()
			c.deadlineProof(t, deadlineProof{
				route: "GET /report", args: []string{"-lib=" + lib}, deadline: "1s",
				late: 1400 * time.Millisecond, prompt: 1300 * time.Millisecond, maxAttempts: 4,
				succeeds: 3, runsOut: 6,
			})
		})
	}
}

// TestFixBehavesRetryDeadlineLibraryForever: a fetch retried until success
// by go-retry (a Backoff that never stops), backoff v5
// (WithMaxElapsedTime(0)), retry-go (Attempts(0)) or failsafe-go
// (WithMaxRetries(-1)), each attempt under a 300 ms timeout, keeps sending
// requests to a server that does not answer for as long as it does not
// (here five attempts, then an answer at 2 s). After the retrydeadline fix
// (the library's bound: WithMaxDuration or WithMaxElapsedTime of three
// attempts' timeouts, 900 ms, or Attempts(3)) it gives up after at most
// three attempts and starts none after the bound; a fetch answered on its
// second attempt behaves as before.
func TestFixBehavesRetryDeadlineLibraryForever(t *testing.T) {
	c := fixClient(t, "libforever", "retrydeadline",
		"per-attempt timeout inside retry.Do with context.Background() and a Backoff that never stops",
		"per-attempt timeout inside backoff.Retry with WithMaxElapsedTime(0)",
		"per-attempt timeout inside retry.Do with retrygo.Attempts(0)",
		"per-attempt timeout inside failsafe Executor.Run whose retry policy never stops")
	const (
		perTry = 300 * time.Millisecond // as in testdata/clients/libforever
		budget = 3 * perTry             // the bound the fix sets (-retrydeadline.attempts 3)
		margin = 200 * time.Millisecond
	)
	hang := retrytest.Fail(504).Delayed(time.Minute)
	for _, lib := range retryLibs {
		t.Run(lib, func(t *testing.T) {
			t.Parallel()
			t.Run("unanswered", func(t *testing.T) {
				t.Parallel()
				routes := []retrytest.Route{{Method: "GET", Path: "/report",
					Script: []retrytest.Step{hang, hang, hang, hang, hang, retrytest.OK(200)}}}
				c.beforeAndAfter(t, routes, func(t *testing.T, fixed bool, bin string, srv *retrytest.Server) {
					res := runClient(t, bin, "-lib="+lib, srv.URL+"/report")
					var late []string
					for _, r := range srv.Requests() {
						if r.At > budget+margin {
							late = append(late, r.At.Round(time.Millisecond).String())
						}
					}
					if !fixed {
						if len(late) == 0 || srv.Attempts("GET /report") != 6 {
							t.Fatalf("the defect did not show: no request after the %v bound\n%s", budget, srv.Timeline())
						}
						t.Logf("defect shown: %d attempts, %d started after the %v bound, at %v", srv.Attempts("GET /report"), len(late), budget, late)
						return
					}
					if res.code == 0 {
						t.Errorf("the fixed client should give up before the server answers, got %q", res.stdout)
					}
					srv.AssertAttemptsAtMost(t, "GET /report", 3)
					if len(late) > 0 {
						t.Errorf("the fixed client started requests after its %v bound, at %v\n%s", budget, late, srv.Timeline())
					}
					if d := elapsedOf(t, res); d > budget+perTry+margin {
						t.Errorf("the fixed client returned after %v, want about %v", d, budget)
					}
				})
			})
			t.Run("second-attempt", func(t *testing.T) {
				t.Parallel()
				routes := []retrytest.Route{{Method: "GET", Path: "/report",
					Script: []retrytest.Step{hang, retrytest.OK(200)}}}
				c.beforeAndAfter(t, routes, func(t *testing.T, fixed bool, bin string, srv *retrytest.Server) {
					res := runClient(t, bin, "-lib="+lib, srv.URL+"/report")
					if n := srv.Attempts("GET /report"); n != 2 || res.code != 0 {
						t.Errorf("fixed=%v: want 2 attempts and success, got %d, exit %d: %q\n%s", fixed, n, res.code, res.stderr, srv.Timeline())
					}
				})
			})
		})
	}
}

// TestFixBehavesRetryDeadlineRestyTimeout: a resty client (v2 and v3) that
// retries four times with a 300 ms SetTimeout and 300 ms waits, and no
// deadline on the request's context, takes five timeouts and four waits,
// 2.7 s, against a server that does not answer. After the retrydeadline
// fix (a context that ends after the attempts' timeouts, 1.5 s, handed to
// the request; in v3 one without a deadline, which would make resty drop
// SetTimeout) the call returns at 1.5 s; a report answered on the second
// attempt, once the first timed out after 300 ms, is fetched as before.
func TestFixBehavesRetryDeadlineRestyTimeout(t *testing.T) {
	c := fixClient(t, "restytimeout", "retrydeadline", "request is sent through a retrying resty client whose SetTimeout bounds each attempt, not the call")
	const (
		budget = 5 * 300 * time.Millisecond // the bound the fix sets
		margin = 400 * time.Millisecond
	)
	hang := retrytest.Fail(504).Delayed(time.Minute)
	for _, v := range []string{"2", "3"} {
		t.Run("v"+v, func(t *testing.T) {
			t.Parallel()
			t.Run("unanswered", func(t *testing.T) {
				t.Parallel()
				routes := []retrytest.Route{{Method: "GET", Path: "/report", Script: []retrytest.Step{hang}}}
				c.beforeAndAfter(t, routes, func(t *testing.T, fixed bool, bin string, srv *retrytest.Server) {
					res := runClient(t, bin, "-v="+v, srv.URL+"/report")
					d := elapsedOf(t, res)
					if res.code == 0 {
						t.Errorf("the client succeeded against a server that never answers")
					}
					if !fixed {
						if d < budget+margin {
							t.Fatalf("the defect did not show: the client returned after %v\n%s", d, srv.Timeline())
						}
						t.Logf("defect shown: %d attempts of 300 ms, returned after %v\n%s", srv.Attempts("GET /report"), d, srv.Timeline())
						return
					}
					if d < budget-margin || d > budget+margin {
						t.Errorf("the fixed client returned after %v, want about %v\n%s", d, budget, srv.Timeline())
					}
					srv.AssertAttemptsAtMost(t, "GET /report", 5)
				})
			})
			t.Run("second-attempt", func(t *testing.T) {
				t.Parallel()
				routes := []retrytest.Route{{Method: "GET", Path: "/report", Script: []retrytest.Step{hang, retrytest.OK(200)}}}
				c.beforeAndAfter(t, routes, func(t *testing.T, fixed bool, bin string, srv *retrytest.Server) {
					res := runClient(t, bin, "-v="+v, srv.URL+"/report")
					if n := srv.Attempts("GET /report"); n != 2 || res.code != 0 || !strings.Contains(res.stdout, "200") {
						t.Errorf("fixed=%v: want 2 attempts and 200, got %d, exit %d: %q %q\n%s", fixed, n, res.code, res.stdout, res.stderr, srv.Timeline())
					}
					if d := elapsedOf(t, res); d > time.Second {
						t.Errorf("fixed=%v: the first attempt should time out after 300 ms, the call took %v", fixed, d)
					}
				})
			})
		})
	}
}

// TestFixBehavesRetryDeadlineRestyContextTimeout: a resty v3 client that
// retries twice with a 300 ms SetTimeout, called with a context that has a
// deadline, which the function at hand does not hand to the request. The
// retrydeadline fix hands it the caller's context without its deadline: v3
// drops SetTimeout for a request whose context has a deadline
// (request.go:1911-1912), so with the context as it is, a hung first
// attempt would run to the caller's deadline and never be retried. After
// the fix, a report answered on the second attempt, once the first was cut
// by SetTimeout, is fetched as before; and the caller's deadline of 450 ms
// ends the call before the third attempt (at 800 ms), with the caller's
// own error, where the client as written makes all three.
func TestFixBehavesRetryDeadlineRestyContextTimeout(t *testing.T) {
	c := fixClient(t, "restyctxtimeout", "retrydeadline", "request is sent through a retrying resty client without SetContext(ctx)")
	hang := retrytest.Fail(504).Delayed(time.Minute)
	t.Run("second-attempt", func(t *testing.T) {
		t.Parallel()
		routes := []retrytest.Route{{Method: "GET", Path: "/report", Script: []retrytest.Step{hang, retrytest.OK(200)}}}
		c.beforeAndAfter(t, routes, func(t *testing.T, fixed bool, bin string, srv *retrytest.Server) {
			res := runClient(t, bin, "-deadline=3s", srv.URL+"/report")
			if n := srv.Attempts("GET /report"); n != 2 || res.code != 0 || !strings.Contains(res.stdout, "200") {
				t.Errorf("fixed=%v: want the first attempt cut by SetTimeout and 200 on the second, got %d attempts, exit %d: %q %q\n%s", fixed, n, res.code, res.stdout, res.stderr, srv.Timeline())
			}
		})
	})
	t.Run("caller-deadline", func(t *testing.T) {
		t.Parallel()
		routes := []retrytest.Route{{Method: "GET", Path: "/report", Script: []retrytest.Step{hang}}}
		c.beforeAndAfter(t, routes, func(t *testing.T, fixed bool, bin string, srv *retrytest.Server) {
			res := runClient(t, bin, "-deadline=450ms", srv.URL+"/report")
			if res.code == 0 {
				t.Fatalf("fixed=%v: the client succeeded against a server that never answers", fixed)
			}
			n := srv.Attempts("GET /report")
			if !fixed {
				if n != 3 {
					t.Fatalf("the defect did not show: %d attempts after the caller's deadline, want 3\n%s", n, srv.Timeline())
				}
				t.Logf("defect shown: %d attempts, the caller's deadline ignored\n%s", n, srv.Timeline())
				return
			}
			if n > 2 {
				t.Errorf("the fixed client made %d attempts, want the caller's deadline to end it before the third\n%s", n, srv.Timeline())
			}
			if !strings.Contains(res.stderr, "the caller's deadline passed") {
				t.Errorf("the fixed client should fail with the caller's context.DeadlineExceeded, got %q", res.stderr)
			}
		})
	})
}

// TestFixBehavesAuthlogRestyV3: a resty v3 client with its debug log on
// writes the session cookie it sends to the log, in the request's headers
// and, with the curl command on, in that command (resty masks only the
// headers whose name says authorization, token, secret...). After the
// authlog fixes (an OnDebugLog hook that deletes the Cookie header from the
// logged request; SetCurlCmdDebugLog(false), as nothing edits the curl
// command) the session is in the log no more, and the rest of the debug
// log (the request line, the response) is written as before.
func TestFixBehavesAuthlogRestyV3(t *testing.T) {
	c := fixClient(t, "restydebuglog", "authlog",
		"resty debug log is switched on for a client whose Cookie header is set by SetHeader",
		"resty debug log holds a curl command with the Cookie header of this client unmasked")
	const session = "s3cr3t-session" // as in testdata/clients/restydebuglog
	for _, curl := range []bool{false, true} {
		t.Run(fmt.Sprintf("curl=%v", curl), func(t *testing.T) {
			t.Parallel()
			routes := []retrytest.Route{{Method: "GET", Path: "/report", Script: []retrytest.Step{retrytest.OK(200)}}}
			c.beforeAndAfter(t, routes, func(t *testing.T, fixed bool, bin string, srv *retrytest.Server) {
				res := runClient(t, bin, fmt.Sprintf("-curl=%v", curl), srv.URL+"/report")
				if res.code != 0 || strings.TrimSpace(res.stdout) != "200" {
					t.Fatalf("fixed=%v: want 200, got exit %d: %q %q", fixed, res.code, res.stdout, res.stderr)
				}
				if !strings.Contains(res.stderr, "GET  /report") || !strings.Contains(res.stderr, "STATUS       : 200") {
					t.Errorf("fixed=%v: the debug log should still describe the request and the response:\n%s", fixed, res.stderr)
				}
				leaksUntilFixed(t, fixed, res.stderr, session, "the session")
			})
		})
	}
}

// TestFixBehavesRetryAfterFailsafeDelay: a GET under failsafehttp's
// default retry policy, whose delay (failsafehttp.DelayFunc) reads
// Retry-After as seconds only. Throttled with an HTTP-date, the client
// retries at once; after the retryafter fix (WithDelayFunc with a delay
// that reads both forms) it waits until the date, and a wait in seconds
// is honoured before and after.
func TestFixBehavesRetryAfterFailsafeDelay(t *testing.T) {
	c := fixClient(t, "failsafedelay", "retryafter", "the retry policy of failsafehttp.NewRetryPolicyBuilder takes its delay from failsafehttp.DelayFunc")
	proveBothForms(t, c, "http-date")
}

// TestFixBehavesRetryIdempotencyRestyDo: an SDK-style helper,
// do(method, path, body), sends through a resty client with
// SetRetryCount, which retries every transport error whatever the
// method, so a POST whose answer was lost is applied twice. The
// retryidempotency fix takes the request out of the helper's chain and
// sets a key made once on it for a POST or PATCH: the retry is then a
// replay the server recognises, and every other method is sent as before,
// without a key.
func TestFixBehavesRetryIdempotencyRestyDo(t *testing.T) {
	c := fixClient(t, "restydo", "retryidempotency", "a request of its caller's method (method) is sent through a resty client with SetRetryCount")

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
			reqs := srv.Requests()
			if len(reqs) != 2 || reqs[0].IdempotencyKey == "" || reqs[0].IdempotencyKey != reqs[1].IdempotencyKey {
				t.Errorf("the fixed client should send the POST twice with one key, got %d requests\n%s", len(reqs), srv.Timeline())
			}
			if res.code != 0 || strings.TrimSpace(res.stdout) != "201" {
				t.Errorf("the fixed client should get the replay's 201, got exit %d: %q %q", res.code, res.stdout, res.stderr)
			}
		})
	})

	for _, tc := range []struct {
		name, method, path string
		status             int
	}{
		{"get-lost-answer", "GET", "/charges/c_42", 200},
		{"put-lost-answer", "PUT", "/charges/c_42", 200},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			routes := []retrytest.Route{{Method: tc.method, Path: tc.path, Script: []retrytest.Step{retrytest.CommitAndDrop(), retrytest.OK(tc.status)}}}
			c.beforeAndAfter(t, routes, func(t *testing.T, fixed bool, bin string, srv *retrytest.Server) {
				res := runClient(t, bin, tc.method, srv.URL+tc.path)
				if n := srv.Attempts(tc.method + " " + tc.path); n != 2 || res.code != 0 || strings.TrimSpace(res.stdout) != fmt.Sprint(tc.status) {
					t.Errorf("fixed=%v: want 2 attempts and %d, got %d attempts, exit %d: %q %q\n%s", fixed, tc.status, n, res.code, res.stdout, res.stderr, srv.Timeline())
				}
				for _, r := range srv.Requests() {
					if r.IdempotencyKey != "" {
						t.Errorf("fixed=%v: a %s should carry no key, got %q", fixed, tc.method, r.IdempotencyKey)
					}
				}
			})
		})
	}
}

// TestFixBehavesRetryIdempotencyLibraryOnce: senders whose retry library
// re-sends a request of any method after a lost answer, and that return
// something else than the send does (the body read, their own Response
// type), so no guard can hand the send's result back. The fix keeps a
// request that may not be replayed to one attempt through the library's
// own setting: backoff v5's WithMaxTries(1) for a POST or PATCH of the
// caller (client onceopts), backoff v4's StopBackOff for a request that
// replayable refuses (client oncestop). A lost POST is then reported,
// not applied twice; a GET and a PUT are retried as before.
func TestFixBehavesRetryIdempotencyLibraryOnce(t *testing.T) {
	for _, name := range []string{"onceopts", "oncestop"} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			c := fixClient(t, name, "retryidempotency", "a request of any method is re-sent by backoff.Retry after a transport error")

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
				script             []retrytest.Step
			}{
				{"get-lost-answer", "GET", "/charges/c_42", []retrytest.Step{retrytest.CommitAndDrop(), retrytest.OK(200)}},
				{"put-503", "PUT", "/charges/c_42", []retrytest.Step{retrytest.Fail(503), retrytest.OK(200)}},
			} {
				t.Run(tc.name, func(t *testing.T) {
					t.Parallel()
					routes := []retrytest.Route{{Method: tc.method, Path: tc.path, Script: tc.script}}
					c.beforeAndAfter(t, routes, func(t *testing.T, fixed bool, bin string, srv *retrytest.Server) {
						res := runClient(t, bin, tc.method, srv.URL+tc.path)
						if n := srv.Attempts(tc.method + " " + tc.path); n != 2 || res.code != 0 {
							t.Errorf("fixed=%v: want 2 attempts and success, got %d attempts, exit %d: %q %q\n%s", fixed, n, res.code, res.stdout, res.stderr, srv.Timeline())
						}
					})
				})
			}
		})
	}
}

// TestFixBehavesRetryDeadlineShortcut: a report fetched with
// go-retryablehttp's Client.Get or Client.Head, or with a request made by
// NewRequest and sent with Client.Do (six attempts, 300 ms apart), whose
// request has no context, goes on waiting and trying after the caller's
// 1 s deadline. After the retrydeadline fix (for the shortcuts, a helper
// that makes the same request with NewRequestWithContext(ctx, ...) and
// sends it with Do; for NewRequest, NewRequestWithContext(ctx, ...)) it
// returns at the deadline; with time to spare, a fetch that succeeds on
// its third attempt and one that runs out of attempts behave as before.
func TestFixBehavesRetryDeadlineShortcut(t *testing.T) {
	c := fixClient(t, "rshortcut", "retrydeadline",
		"retryablehttp.Client.Get makes its request with no context",
		"retryablehttp.Client.Head makes its request with no context",
		"retryablehttp.NewRequest gives the request no context")
	for _, op := range []string{"get", "head", "newrequest"} {
		method := strings.ToUpper(op)
		if op == "newrequest" {
			method = "GET"
		}
		t.Run(op, func(t *testing.T) {
			t.Parallel()
			c.deadlineProof(t, deadlineProof{
				route: method + " /report", args: []string{"-op=" + op}, deadline: "1s",
				late: 1400 * time.Millisecond, prompt: 1300 * time.Millisecond, maxAttempts: 4,
				succeeds: 3, runsOut: 6,
			})
		})
	}
}

// TestFixBehavesRetryDeadlineUnitWait: a fetch that pauses between its four
// attempts with pause.Seconds(1), a sleep helper of another package that
// counts in seconds, goes on pausing and trying after the caller's 1.5 s
// deadline. After the retrydeadline fix (the same one-second wait in a
// select on the context, written as time.Duration(1) * time.Second) it
// returns at the deadline; with time to spare, a fetch that succeeds on
// its second attempt and one that runs out of attempts behave as before.
func TestFixBehavesRetryDeadlineUnitWait(t *testing.T) {
	c := fixClient(t, "unitwait", "retrydeadline",
		"Seconds, which waits with time.Sleep, in retry loop ignores cancellation of ctx")
	c.deadlineProof(t, deadlineProof{
		route: "GET /report", deadline: "1500ms",
		late: 2800 * time.Millisecond, prompt: 1900 * time.Millisecond, maxAttempts: 2,
		succeeds: 2, runsOut: 4,
	})
}

// A deadlineProof describes the runs of a client that fetches route, a
// GET or HEAD retried after a 503, under a caller's deadline (its
// -timeout flag) that its retry ignores until the retrydeadline fix.
type deadlineProof struct {
	route    string   // "GET /report"
	args     []string // the client's flags, -timeout aside
	deadline string   // the caller's deadline, as -timeout takes it
	// late is how long, at least, the client as written takes against a
	// server that only answers 503; prompt how long, at most, the fixed
	// one takes, making at most maxAttempts attempts.
	late, prompt time.Duration
	maxAttempts  int
	// succeeds is the attempt a 503-then-200 script succeeds on, and
	// runsOut the attempts of a 503 script, both with time to spare: the
	// same before and after the fix.
	succeeds, runsOut int
}

// deadlineProof runs p's three cases, each before and after the fix.
func (c client) deadlineProof(t *testing.T, p deadlineProof) {
	method, path, _ := strings.Cut(p.route, " ")
	run := func(t *testing.T, bin string, srv *retrytest.Server, timeout string) result {
		return runClient(t, bin, append(append([]string{}, p.args...), "-timeout="+timeout, srv.URL+path)...)
	}
	t.Run("deadline", func(t *testing.T) {
		t.Parallel()
		routes := []retrytest.Route{{Method: method, Path: path, Script: []retrytest.Step{retrytest.Fail(503)}}}
		c.beforeAndAfter(t, routes, func(t *testing.T, fixed bool, bin string, srv *retrytest.Server) {
			res := run(t, bin, srv, p.deadline)
			d := elapsedOf(t, res)
			if res.code == 0 {
				t.Errorf("the client succeeded against a server that only answers 503")
			}
			if !fixed {
				if d < p.late {
					t.Fatalf("the defect did not show: the client returned after %v: %q", d, res.stderr)
				}
				t.Logf("defect shown: the caller's deadline was %s, the retry returned %q after %v", p.deadline, strings.TrimSpace(res.stderr), d)
				return
			}
			if d > p.prompt {
				t.Errorf("the fixed client should return at the %s deadline, returned %q after %v", p.deadline, res.stderr, d)
			}
			srv.AssertAttemptsAtMost(t, p.route, p.maxAttempts)
		})
	})
	succeeds := make([]retrytest.Step, 0, p.succeeds)
	for range p.succeeds - 1 {
		succeeds = append(succeeds, retrytest.Fail(503))
	}
	for _, tc := range []struct {
		name     string
		script   []retrytest.Step
		attempts int
		ok       bool
	}{
		{"succeeds", append(succeeds, retrytest.OK(200)), p.succeeds, true},
		{"runs-out", []retrytest.Step{retrytest.Fail(503)}, p.runsOut, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			routes := []retrytest.Route{{Method: method, Path: path, Script: tc.script}}
			c.beforeAndAfter(t, routes, func(t *testing.T, fixed bool, bin string, srv *retrytest.Server) {
				res := run(t, bin, srv, "10s")
				if n := srv.Attempts(p.route); n != tc.attempts || (res.code == 0) != tc.ok {
					t.Errorf("fixed=%v: want %d attempts and success %v, got %d, exit %d: %q %q\n%s", fixed, tc.attempts, tc.ok, n, res.code, res.stdout, res.stderr, srv.Timeline())
				}
			})
		})
	}
}
