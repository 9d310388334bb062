package retrytest_test

import (
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/retrylint/retrylint/retrytest"
)

// The tests in this file prove the fixes for retries that are not a plain
// loop around the send: a transport that re-sends the request it was
// given, a retry helper, a local closure called by a loop, and a
// transport's wait between attempts.

// TestFixBehavesRetryIdempotencySender: a RoundTripper that re-sends any
// request after a transport error applies a POST twice when the answer to
// the first attempt is lost; after the retryidempotency fix it returns the
// error for that POST, and still re-sends what may be replayed: a GET, a
// PUT, and a POST that carries an Idempotency-Key.
func TestFixBehavesRetryIdempotencySender(t *testing.T) {
	provesReplayGuard(t, fixClient(t, "anymethod", "retryidempotency", "a request of any method is re-sent after a transport error without a check of its method or an Idempotency-Key header"))
}

// TestFixBehavesRetryIdempotencyDecorator: the retry stage of a
// middleware chain, a function literal that calls next(ctx, req) again
// after a transport error and rewinds the body in between, reusing err;
// the fix proves as the transport's above.
func TestFixBehavesRetryIdempotencyDecorator(t *testing.T) {
	provesReplayGuard(t, fixClient(t, "decoratorpost", "retryidempotency", "a request of any method is re-sent after a transport error without a check of its method or an Idempotency-Key header"))
}

// TestFixBehavesRetryIdempotencyPipeline: the retry policy of a request
// pipeline hands a copy of the caller's request to the next policy
// through an interface again after a transport error; the guard the fix
// adds checks the request the copy is made from, and proves as the
// transport's above.
func TestFixBehavesRetryIdempotencyPipeline(t *testing.T) {
	provesReplayGuard(t, fixClient(t, "pipelinepost", "retryidempotency", "a request of any method is re-sent after a transport error without a check of its method or an Idempotency-Key header"))
}

// TestFixBehavesRetryIdempotencyStatusGuard: a sender that turns every
// non-2xx answer into an error and re-sends any method after a 5xx. The
// guard ends the retry only on the unknown statuses the loop retries, so
// a POST whose 502 came after the server applied it is applied once, and
// every other answer goes on as before: a GET is re-sent after a 502,
// and a POST answered 400 is the caller's error, returned at once.
func TestFixBehavesRetryIdempotencyStatusGuard(t *testing.T) {
	c := fixClient(t, "statuspost", "retryidempotency", "a request of any method is re-sent after status 500 without a check of its method")
	t.Run("post", func(t *testing.T) {
		t.Parallel()
		provesSentOnce(t, c, retrytest.CommitAndFail(502))
	})
	t.Run("get", func(t *testing.T) {
		t.Parallel()
		provesGetResent(t, c)
	})
	t.Run("post-400", func(t *testing.T) {
		t.Parallel()
		routes := []retrytest.Route{{Method: "POST", Path: "/charges",
			Script: []retrytest.Step{retrytest.Fail(400)}}}
		c.beforeAndAfter(t, routes, func(t *testing.T, fixed bool, bin string, srv *retrytest.Server) {
			res := runClient(t, bin, "POST", srv.URL+"/charges")
			if res.code != 1 || !strings.Contains(res.stderr, "statuspost: status 400") || srv.Attempts("POST /charges") != 1 {
				t.Errorf("fixed=%v: want the 400 returned as the sender's error after one attempt, got exit %d: %q\n%s", fixed, res.code, res.stderr, srv.Timeline())
			}
		})
	})
}

// TestFixBehavesRetryIdempotencyTimedPatch: a sender that returns the
// time its last attempt took beside the answer, and stops a POST alone at
// a 502 (a GET alone at a 500). A PATCH whose 502 came after the server
// applied it is applied twice before the fix and once after it, answered
// with that 502 as the sender returns its other answers; a GET is still
// re-sent after a 502, and a POST answered 502 is returned after one
// attempt, before and after.
func TestFixBehavesRetryIdempotencyTimedPatch(t *testing.T) {
	c := fixClient(t, "timedpatch", "retryidempotency", "a request of any method is re-sent after status 502 without a check of its method")
	t.Run("patch", func(t *testing.T) {
		t.Parallel()
		routes := []retrytest.Route{{Method: "PATCH", Path: "/charges",
			Script: []retrytest.Step{retrytest.CommitAndFail(502), retrytest.OK(200)}}}
		c.beforeAndAfter(t, routes, func(t *testing.T, fixed bool, bin string, srv *retrytest.Server) {
			res := runClient(t, bin, "PATCH", srv.URL+"/charges")
			if !fixed {
				if err := srv.CheckNoDuplicateWrite(); err == nil {
					t.Fatalf("the defect did not show: no duplicate write\n%s", srv.Timeline())
				}
				return
			}
			srv.AssertNoDuplicateWrite(t)
			if n := srv.Attempts("PATCH /charges"); n != 1 || res.code != 1 || !strings.Contains(res.stderr, "answered 502") {
				t.Errorf("want the PATCH sent once and its 502 returned, got %d attempts, exit %d: %q\n%s", n, res.code, res.stderr, srv.Timeline())
			}
		})
	})
	t.Run("get", func(t *testing.T) {
		t.Parallel()
		provesGetResent(t, c)
	})
	t.Run("post-502", func(t *testing.T) {
		t.Parallel()
		routes := []retrytest.Route{{Method: "POST", Path: "/charges",
			Script: []retrytest.Step{retrytest.Fail(502), retrytest.OK(201)}}}
		c.beforeAndAfter(t, routes, func(t *testing.T, fixed bool, bin string, srv *retrytest.Server) {
			res := runClient(t, bin, "POST", srv.URL+"/charges")
			if n := srv.Attempts("POST /charges"); n != 1 || res.code != 1 || !strings.Contains(res.stderr, "answered 502") {
				t.Errorf("fixed=%v: want the POST sent once and its 502 returned, got %d attempts, exit %d: %q\n%s", fixed, n, res.code, res.stderr, srv.Timeline())
			}
		})
	})
}

// TestFixBehavesRetryIdempotencyRecursionResponse: a RoundTripper that retries
// by recursion, handing each call the last response, re-sends any request
// after a 504. The fix's guard stands where the recursion decides, so a
// POST whose first attempt's 504 came after the server applied it is
// applied once and its 504 returned; a GET is still re-sent after a 504.
func TestFixBehavesRetryIdempotencyRecursionResponse(t *testing.T) {
	c := fixClient(t, "recursepost", "retryidempotency", "a request of any method is re-sent after status 504 without a check of its method")
	t.Run("post", func(t *testing.T) {
		t.Parallel()
		routes := []retrytest.Route{{Method: "POST", Path: "/charges",
			Script: []retrytest.Step{retrytest.CommitAndFail(504), retrytest.OK(201)}}}
		c.beforeAndAfter(t, routes, func(t *testing.T, fixed bool, bin string, srv *retrytest.Server) {
			res := runClient(t, bin, "POST", srv.URL+"/charges")
			if !fixed {
				if err := srv.CheckNoDuplicateWrite(); err == nil {
					t.Fatalf("the defect did not show: no duplicate write\n%s", srv.Timeline())
				}
				return
			}
			srv.AssertNoDuplicateWrite(t)
			if n := srv.Attempts("POST /charges"); n != 1 || res.code != 1 || !strings.Contains(res.stderr, "answered 504") {
				t.Errorf("want the POST sent once and its 504 returned, got %d attempts, exit %d: %q\n%s", n, res.code, res.stderr, srv.Timeline())
			}
		})
	})
	t.Run("get", func(t *testing.T) {
		t.Parallel()
		routes := []retrytest.Route{{Method: "GET", Path: "/charges",
			Script: []retrytest.Step{retrytest.Fail(504), retrytest.OK(200)}}}
		c.beforeAndAfter(t, routes, func(t *testing.T, fixed bool, bin string, srv *retrytest.Server) {
			res := runClient(t, bin, "GET", srv.URL+"/charges")
			if res.code != 0 || srv.Attempts("GET /charges") != 2 {
				t.Errorf("fixed=%v: want the GET re-sent once and answered, got exit %d: %s\n%s", fixed, res.code, res.stderr, srv.Timeline())
			}
		})
	})
}

// TestFixBehavesRetryIdempotencyAnyOutcome: a RoundTripper that re-sends
// any request after a transport error and after a 5xx. The fix's guard
// ends the retry on both for a request that may not be replayed: a POST
// whose answer was lost, or whose 502 came after the server applied it,
// is applied once; a GET is still re-sent after a 502.
func TestFixBehavesRetryIdempotencyAnyOutcome(t *testing.T) {
	c := fixClient(t, "outcomepost", "retryidempotency", "a request of any method is re-sent after a transport error or status 500 without a check of its method")
	t.Run("post-drop", func(t *testing.T) {
		t.Parallel()
		provesSentOnce(t, c, retrytest.CommitAndDrop())
	})
	t.Run("post-502", func(t *testing.T) {
		t.Parallel()
		provesSentOnce(t, c, retrytest.CommitAndFail(502))
	})
	t.Run("get", func(t *testing.T) {
		t.Parallel()
		provesGetResent(t, c)
	})
}

// TestFixBehavesRetryIdempotencyErrorSender: the same retrying sender as
// outcomepost's, in a helper that returns only an error: the fix's guard
// ends the retry of a request that may not be replayed on both unknown
// outcomes, a 5xx becoming the helper's error; a GET is re-sent as before.
func TestFixBehavesRetryIdempotencyErrorSender(t *testing.T) {
	c := fixClient(t, "errsender", "retryidempotency", "a request of any method is re-sent after a transport error or status 500 without a check of its method")
	t.Run("post-drop", func(t *testing.T) {
		t.Parallel()
		provesSentOnce(t, c, retrytest.CommitAndDrop())
	})
	t.Run("post-502", func(t *testing.T) {
		t.Parallel()
		provesSentOnce(t, c, retrytest.CommitAndFail(502))
	})
	t.Run("get", func(t *testing.T) {
		t.Parallel()
		provesGetResent(t, c)
	})
}

// provesGetResent runs a client on a GET answered 502 and then 200: it is
// re-sent once and answered, before the fix and after it.
func provesGetResent(t *testing.T, c client) {
	t.Helper()
	routes := []retrytest.Route{{Method: "GET", Path: "/charges",
		Script: []retrytest.Step{retrytest.Fail(502), retrytest.OK(200)}}}
	c.beforeAndAfter(t, routes, func(t *testing.T, fixed bool, bin string, srv *retrytest.Server) {
		res := runClient(t, bin, "GET", srv.URL+"/charges")
		if res.code != 0 || srv.Attempts("GET /charges") != 2 {
			t.Errorf("fixed=%v: want the GET re-sent once and answered, got exit %d: %s\n%s", fixed, res.code, res.stderr, srv.Timeline())
		}
	})
}

// provesReplayGuard runs a client that re-sends a request of any method
// after a transport error: a POST whose answer was lost is applied twice
// before the fix and once after it; a GET, a PUT and a POST with a key
// are re-sent before and after.
func provesReplayGuard(t *testing.T, c client) {
	t.Helper()
	t.Run("post", func(t *testing.T) {
		t.Parallel()
		provesSentOnce(t, c, retrytest.CommitAndDrop())
	})

	// What may be replayed is re-sent as before: two attempts, then success.
	for _, tc := range []struct {
		name, method, path string
		args               []string
		status             int
	}{
		{"get", "GET", "/charges/c_42", nil, 200},
		{"put", "PUT", "/charges/c_42", nil, 200},
		{"post-with-key", "POST", "/charges", []string{"-key=charge-c_42-1"}, 201},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			routes := []retrytest.Route{{Method: tc.method, Path: tc.path,
				Script: []retrytest.Step{retrytest.CommitAndDrop(), retrytest.OK(tc.status)}}}
			c.beforeAndAfter(t, routes, func(t *testing.T, fixed bool, bin string, srv *retrytest.Server) {
				res := runClient(t, bin, append(tc.args, tc.method, srv.URL+tc.path)...)
				route := tc.method + " " + tc.path
				if n := srv.Attempts(route); n != 2 || res.code != 0 || !strings.HasPrefix(res.stdout, fmt.Sprint(tc.status)) {
					t.Errorf("fixed=%v: want the %s re-sent once and answered %d, got %d attempts, exit %d: %q %q\n%s",
						fixed, tc.method, tc.status, n, res.code, res.stdout, res.stderr, srv.Timeline())
				}
				srv.AssertNoDuplicateWrite(t)
				if len(tc.args) > 0 {
					reqs := srv.Requests()
					if len(reqs) != 2 || reqs[0].IdempotencyKey == "" || reqs[1].IdempotencyKey != reqs[0].IdempotencyKey || !reqs[1].Replayed {
						t.Errorf("fixed=%v: want two attempts with the caller's key, the second replayed:\n%s", fixed, srv.Timeline())
					}
				}
			})
		})
	}
}

// provesOneKey runs a client that posts a charge against a server that
// applies the first attempt and drops its answer, then answers 201: as
// written the charge is applied twice; as fixed both attempts carry one
// key and the second is a replay.
func provesOneKey(t *testing.T, c client) {
	t.Helper()
	routes := []retrytest.Route{{Method: "POST", Path: "/charges",
		Script: []retrytest.Step{retrytest.CommitAndDrop(), retrytest.OK(201)}}}
	c.beforeAndAfter(t, routes, func(t *testing.T, fixed bool, bin string, srv *retrytest.Server) {
		res := runClient(t, bin, srv.URL+"/charges")
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
		t.Logf("fixed:\n%s", srv.Timeline())
	})
}

// provesSentOnce runs client c with a POST whose first attempt the server
// applies and answers with first (a dropped connection, a 502), then OK:
// before the fix the POST is applied twice; after it, it is sent once
// and the client reports the unknown outcome as an error, not "201".
func provesSentOnce(t *testing.T, c client, first retrytest.Step) {
	t.Helper()
	routes := []retrytest.Route{{Method: "POST", Path: "/charges",
		Script: []retrytest.Step{first, retrytest.OK(201)}}}
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
		if n := srv.Attempts("POST /charges"); n != 1 {
			t.Errorf("the fixed client sent the POST %d times, want once\n%s", n, srv.Timeline())
		}
		if res.code == 0 {
			t.Errorf("the fixed client should report the unknown outcome as an error, got exit 0: %q", res.stdout)
		}
		t.Logf("fixed:\n%s", srv.Timeline())
	})
}

// TestFixBehavesRetryIdempotencyHelper: a POST made in the closure handed
// to a local retry helper; the fix makes the key before the helper's call,
// so every call of the closure sends the same one.
func TestFixBehavesRetryIdempotencyHelper(t *testing.T) {
	provesOneKey(t, fixClient(t, "helperpost", "retryidempotency", "POST is retried by retry after a transport error without an idempotency key"))
}

// TestFixBehavesRetryIdempotencyBudget: a session that re-sends a request
// of any method by calling itself again after a 502, and returns the
// body it read, so the fix cannot hand the 502 back as it came: it makes
// a request that may not be replayed count as one with no attempt left.
// A POST whose 502 came after the server applied it is applied twice
// before the fix, once after it, and the caller hears of the 502; a GET
// is re-sent after a 502 before and after.
func TestFixBehavesRetryIdempotencyBudget(t *testing.T) {
	c := fixClient(t, "budgetpost", "retryidempotency", "a request of any method is re-sent after status 502 without a check of its method")
	t.Run("post", func(t *testing.T) {
		t.Parallel()
		provesSentOnce(t, c, retrytest.CommitAndFail(502))
	})
	t.Run("get", func(t *testing.T) {
		t.Parallel()
		routes := []retrytest.Route{{Method: "GET", Path: "/charges",
			Script: []retrytest.Step{retrytest.Fail(502), retrytest.OK(200)}}}
		c.beforeAndAfter(t, routes, func(t *testing.T, fixed bool, bin string, srv *retrytest.Server) {
			res := runClient(t, bin, "GET", srv.URL+"/charges")
			if res.code != 0 {
				t.Errorf("the GET should succeed after its retry, got exit %d: %s", res.code, res.stderr)
			}
			if n := srv.Attempts("GET /charges"); n != 2 {
				t.Errorf("the GET was sent %d times, want twice\n%s", n, srv.Timeline())
			}
		})
	})
}

// TestFixBehavesRetryIdempotencySplit: a POST sent by an exported method
// that a loop retries. The method's signature must stay, so the fix moves
// its body to an unexported twin that takes the key and calls the twin
// from the loop with one key for every attempt; the method keeps its
// name and hands the twin "". The retried charge is then applied once,
// and a call of the method from elsewhere (-once) sends what it sent
// before the fix: one request, no key header.
func TestFixBehavesRetryIdempotencySplit(t *testing.T) {
	c := fixClient(t, "splitpost", "retryidempotency", "POST is retried after a transport error without an idempotency key (Charge sends it)")
	provesOneKey(t, c)
	routes := []retrytest.Route{{Method: "POST", Path: "/charges", Script: []retrytest.Step{retrytest.OK(201)}}}
	c.beforeAndAfter(t, routes, func(t *testing.T, fixed bool, bin string, srv *retrytest.Server) {
		res := runClient(t, bin, "-once", srv.URL+"/charges")
		if res.code != 0 {
			t.Errorf("the charge should succeed, got exit %d: %s", res.code, res.stderr)
		}
		reqs := srv.Requests()
		if len(reqs) != 1 || reqs[0].IdempotencyKey != "" {
			t.Errorf("want one request without a key, as before the fix:\n%s", srv.Timeline())
		}
	})
}

// TestFixBehavesRetryIdempotencyEditors: as TestFixBehavesRetryIdempotencySplit,
// for a method shaped like a generated client's: a function builds the
// request with its own method, and the method applies the caller's
// variadic request editors. The twin takes the key before the editors,
// and a call of the method with an editor (-once) sends what it sent
// before the fix: one request, without a key.
func TestFixBehavesRetryIdempotencyEditors(t *testing.T) {
	c := fixClient(t, "editorpost", "retryidempotency", "POST is retried after a transport error without an idempotency key (Charge sends it)")
	provesOneKey(t, c)
	routes := []retrytest.Route{{Method: "POST", Path: "/charges", Script: []retrytest.Step{retrytest.OK(201)}}}
	c.beforeAndAfter(t, routes, func(t *testing.T, fixed bool, bin string, srv *retrytest.Server) {
		res := runClient(t, bin, "-once", srv.URL+"/charges")
		if res.code != 0 {
			t.Errorf("the charge should succeed, got exit %d: %s", res.code, res.stderr)
		}
		reqs := srv.Requests()
		if len(reqs) != 1 || reqs[0].IdempotencyKey != "" {
			t.Errorf("want one request without a key, as before the fix:\n%s", srv.Timeline())
		}
	})
}

// TestFixBehavesRetryIdempotencyClosure: a POST made in a local closure
// that a loop calls again; the fix makes the key before the closure.
func TestFixBehavesRetryIdempotencyClosure(t *testing.T) {
	provesOneKey(t, fixClient(t, "closurepost", "retryidempotency", "POST is retried after a transport error without an idempotency key"))
}

// TestFixBehavesRetryDeadlineSender: a RoundTripper that waits with
// time.Sleep between attempts goes on after the caller's deadline passed
// during the wait; after the retrydeadline fix the wait ends with the
// request's context, and the transport starts no attempt after it.
//
// net/http sends nothing for a request whose context has ended, so the
// attempts the defect starts never reach the server: the client counts
// them, in the transport beneath its retrying one, by whether the
// request's context had ended when the attempt started. That is an order
// of events, not a duration: the deadline (300 ms from before the first
// attempt) always falls before the end of the first wait (1 s after the
// first attempt failed), however slow the machine.
func TestFixBehavesRetryDeadlineSender(t *testing.T) {
	c := fixClient(t, "sleepsender", "retrydeadline", "time.Sleep in retry loop ignores cancellation of req.Context()")
	const pause = time.Second // as in testdata/clients/sleepsender

	counts := func(t *testing.T, res result) (attempts, late int) {
		t.Helper()
		if _, err := fmt.Sscanf(res.stdout, "attempts %d, after the deadline %d\n", &attempts, &late); err != nil {
			t.Fatalf("the client did not report its attempts: %q: %v", res.stdout, err)
		}
		return attempts, late
	}

	t.Run("deadline-in-wait", func(t *testing.T) {
		t.Parallel()
		routes := []retrytest.Route{{Method: "GET", Path: "/report",
			Script: []retrytest.Step{retrytest.CommitAndDrop()}}}
		c.beforeAndAfter(t, routes, func(t *testing.T, fixed bool, bin string, srv *retrytest.Server) {
			res := runClient(t, bin, "-timeout=300ms", srv.URL+"/report")
			attempts, late := counts(t, res)
			if res.code == 0 {
				t.Errorf("the client succeeded against a server that never answers")
			}
			if n := srv.Attempts("GET /report"); n != 1 {
				t.Errorf("%d requests reached the server, want 1 (the only one sent before the deadline)\n%s", n, srv.Timeline())
			}
			if !fixed {
				if late == 0 {
					t.Fatalf("the defect did not show: no attempt started after the deadline (%d attempts)", attempts)
				}
				t.Logf("defect shown: %d attempts, %d of them started after the deadline", attempts, late)
				return
			}
			if attempts != 1 || late != 0 {
				t.Errorf("the fixed transport started %d attempts, %d after the deadline; want 1 and none", attempts, late)
			}
			if !strings.Contains(res.stderr, "context deadline exceeded") {
				t.Errorf("the fixed client should stop with its deadline's error, got %q", res.stderr)
			}
		})
	})

	// Without a deadline in the way the transport still waits and re-sends.
	t.Run("no-deadline", func(t *testing.T) {
		t.Parallel()
		routes := []retrytest.Route{{Method: "GET", Path: "/report",
			Script: []retrytest.Step{retrytest.CommitAndDrop(), retrytest.OK(200)}}}
		c.beforeAndAfter(t, routes, func(t *testing.T, fixed bool, bin string, srv *retrytest.Server) {
			res := runClient(t, bin, "-timeout=1m", srv.URL+"/report")
			attempts, late := counts(t, res)
			if res.code != 0 || attempts != 2 || late != 0 || srv.Attempts("GET /report") != 2 {
				t.Errorf("fixed=%v: want a second attempt and success, got %d attempts (%d late), exit %d: %q\n%s",
					fixed, attempts, late, res.code, res.stderr, srv.Timeline())
			}
			// A lower bound the wait guarantees (the second request starts
			// a whole pause after the first one's connection dropped): the
			// fix keeps the wait.
			if reqs := srv.Requests(); len(reqs) == 2 {
				if gap := reqs[1].At - reqs[0].At; gap < pause {
					t.Errorf("fixed=%v: the second attempt came %v after the first, less than the %v pause\n%s", fixed, gap, pause, srv.Timeline())
				}
			}
		})
	})
}

// TestFixBehavesRetryIdempotencyNamed: a POST made by a method handed by
// name (a method value) to a retry helper; the fix gives the method an
// idempotencyKey parameter, turns its Post into a request that carries
// the key, and hands the helper a literal that passes one key made before
// the call. The paths that were right behave as before: a charge answered
// at once is sent once, and one refused with a 503 (not applied) is sent
// again and applied once.
func TestFixBehavesRetryIdempotencyNamed(t *testing.T) {
	c := fixClient(t, "namedpost", "retryidempotency", "POST is retried by Run after a transport error without an idempotency key")
	t.Run("lost-answer", func(t *testing.T) {
		t.Parallel()
		provesOneKey(t, c)
	})
	for _, tc := range []struct {
		name     string
		script   []retrytest.Step
		attempts int
	}{
		{"at-once", []retrytest.Step{retrytest.OK(201)}, 1},
		{"after-503", []retrytest.Step{retrytest.Fail(503), retrytest.OK(201)}, 2},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			routes := []retrytest.Route{{Method: "POST", Path: "/charges", Script: tc.script}}
			c.beforeAndAfter(t, routes, func(t *testing.T, fixed bool, bin string, srv *retrytest.Server) {
				res := runClient(t, bin, srv.URL+"/charges")
				if n := srv.Attempts("POST /charges"); n != tc.attempts || res.code != 0 || res.stdout != "charged\n" {
					t.Errorf("fixed=%v: want %d attempts and the charge done, got %d, exit %d: %q %q\n%s", fixed, tc.attempts, n, res.code, res.stdout, res.stderr, srv.Timeline())
				}
				srv.AssertNoDuplicateWrite(t)
			})
		})
	}
}

// TestFixBehavesRetryDeadlineBudget: a RoundTripper whose per-attempt
// timeout, when one is configured, is made by a helper and handed on to
// the response body retries a GET five times (300 ms each, 100 ms apart).
// A deadline cancelled on return would cut the body the caller reads, so
// the retrydeadline fix is a wall-clock budget of the attempts and the
// waits (2 s), checked before each attempt and guarded like the timeout
// (only when one is configured): no attempt starts after it. Against a
// server that fails slowly and answers the last attempt, without a
// per-attempt timeout, and with one against fast failures, the attempts
// are the same before and after.
func TestFixBehavesRetryDeadlineBudget(t *testing.T) {
	c := fixClient(t, "streamretry", "retrydeadline", "per-attempt timeout (made by attemptRequest from ctx) inside retry loop but no overall deadline")
	fc, _ := fixedOnce()
	if fixed := fc.sources["streamretry"][1]; !strings.Contains(fixed, "t.PerAttemptTimeout > 0 && time.Since(") {
		t.Errorf("the fix should check a wall-clock budget only when a per-attempt timeout is configured:\n%s", fixed)
	}
	guardedBound(t, c, func(perTry string) []string { return []string{"-per-attempt=" + perTry, "-max-retries=4"} })
}

// TestFixBehavesRetryDeadlineGuarded: a client whose per-attempt timeout
// is made only when one is configured (-per-try) retries five times
// 100 ms apart. The retrydeadline fix makes the overall deadline of the
// attempts and the waits under the same condition: with -per-try=300ms no
// attempt starts after 2 s; against a server that fails slowly and
// answers the last attempt, without a per-attempt timeout, and with one
// against fast failures, the attempts are the same before and after.
func TestFixBehavesRetryDeadlineGuarded(t *testing.T) {
	c := fixClient(t, "guardeddeadline", "retrydeadline", "per-attempt timeout (context.WithTimeout) inside retry loop but no overall deadline")
	fc, _ := fixedOnce()
	if fixed := fc.sources["guardeddeadline"][1]; !strings.Contains(fixed, "if c.perTry > 0 {\n\t\tvar opCancel") {
		t.Errorf("the fix should make the overall deadline only when a per-attempt timeout is configured:\n%s", fixed)
	}
	guardedBound(t, c, func(perTry string) []string { return []string{"-per-try=" + perTry} })
}

// TestFixBehavesRetryDeadlineCalleeSend: a client retries, five times
// 100 ms apart, a function that sends one GET per call through a client
// whose Timeout its constructor sets only when one is configured
// (-per-try). The retrydeadline fix, at the call, is a wall-clock budget
// of the attempts and the waits read from that client, checked before
// each attempt only when a Timeout is set: with -per-try=300ms no
// attempt starts after 2 s; without a Timeout, and with one against fast
// failures, the attempts are the same before and after.
func TestFixBehavesRetryDeadlineCalleeSend(t *testing.T) {
	c := fixClient(t, "calleesend", "retrydeadline", "per-attempt timeout (http.Client.Timeout of the send in upload) inside retry loop but no overall deadline")
	fc, _ := fixedOnce()
	if fixed := fc.sources["calleesend"][1]; !strings.Contains(fixed, "c.http.Timeout > 0 && time.Since(retryStart) > 5*(c.http.Timeout+c.pause)") {
		t.Errorf("the fix should check a budget sized from the callee's client Timeout, only when one is set:\n%s", fixed)
	}
	guardedBound(t, c, func(perTry string) []string { return []string{"-per-try=" + perTry} })
}

// guardedBound runs a client that retries a GET five times, 100 ms apart,
// with a per-attempt timeout only when args(perTry) configures one, as
// written and as fixed: with 300 ms per attempt the fixed client starts
// nothing after 5*(300+100) ms (see deadlineKeepsAttempts); without a
// per-attempt timeout, and with one against fast failures, the attempts
// are the same before and after.
func guardedBound(t *testing.T, c client, args func(perTry string) []string) {
	const perTry = 300 * time.Millisecond
	deadlineKeepsAttempts(t, c, args(perTry.String()), 5, 5*(perTry+100*time.Millisecond), perTry)

	sameAttempts(t, c, "no per-attempt timeout", args("0"), 2)
	sameAttempts(t, c, "fast failures", args(perTry.String()), 4)
}

// sameAttempts runs the client with args, as written and as fixed,
// against a server that drops the connection drops times and then
// answers: both make drops+1 attempts and succeed.
func sameAttempts(t *testing.T, c client, name string, args []string, drops int) {
	t.Run(name, func(t *testing.T) {
		t.Parallel()
		var script []retrytest.Step
		for range drops {
			script = append(script, retrytest.CommitAndDrop())
		}
		routes := []retrytest.Route{{Method: "GET", Path: "/report", Script: append(script, retrytest.OK(200))}}
		c.beforeAndAfter(t, routes, func(t *testing.T, fixed bool, bin string, srv *retrytest.Server) {
			res := runClient(t, bin, append(slices.Clone(args), srv.URL+"/report")...)
			if n := srv.Attempts("GET /report"); n != drops+1 || res.code != 0 {
				t.Errorf("fixed=%v: want %d attempts and success, got %d, exit %d: %q %q\n%s", fixed, drops+1, n, res.code, res.stdout, res.stderr, srv.Timeline())
			}
		})
	})
}

// TestFixBehavesRetryDeadlineBuiltRequest: a client retries, five times
// 100 ms apart, requests a method of the package builds without a
// context, through a client whose Timeout comes from configuration
// (-per-try, 0 for none). The retrydeadline fix makes an overall deadline
// of the attempts and the waits, only when the Timeout is set, and sends
// each request with it (req.WithContext): with -per-try=300ms no attempt
// starts after 2 s; without a Timeout (where an unguarded deadline of
// 5 x 100 ms would cut a slow answer), and with one against fast
// failures, the attempts are the same before and after.
func TestFixBehavesRetryDeadlineBuiltRequest(t *testing.T) {
	c := fixClient(t, "builtreq", "retrydeadline", "per-attempt timeout (http.Client.Timeout) inside retry loop but no overall deadline")
	fc, _ := fixedOnce()
	fixed := fc.sources["builtreq"][1]
	for _, want := range []string{"if c.hc.Timeout > 0 {\n\t\tvar opCancel", "c.hc.Do(req.WithContext(opCtx))"} {
		if !strings.Contains(fixed, want) {
			t.Errorf("the fix should contain %q:\n%s", want, fixed)
		}
	}
	guardedBound(t, c, func(perTry string) []string { return []string{"-per-try=" + perTry} })
	t.Run("no Timeout, a slow answer", func(t *testing.T) {
		t.Parallel()
		routes := []retrytest.Route{{Method: "GET", Path: "/report",
			Script: []retrytest.Step{retrytest.OK(200).Delayed(time.Second)}}}
		c.beforeAndAfter(t, routes, func(t *testing.T, fixed bool, bin string, srv *retrytest.Server) {
			res := runClient(t, bin, "-per-try=0", srv.URL+"/report")
			if n := srv.Attempts("GET /report"); n != 1 || res.code != 0 {
				t.Errorf("fixed=%v: want 1 attempt and success, got %d, exit %d: %q %q\n%s", fixed, n, res.code, res.stdout, res.stderr, srv.Timeline())
			}
		})
	})
}

// TestFixBehavesRetryDeadlineRootContext: a client retries, five times
// 100 ms apart, requests it makes in the loop with context.Background(),
// through a client whose Timeout comes from configuration (-per-try, 0
// for none). The retrydeadline fix makes the overall deadline from the
// same root context once before the loop, only when the Timeout is set,
// and makes each request with it; see guardedBound.
func TestFixBehavesRetryDeadlineRootContext(t *testing.T) {
	c := fixClient(t, "rootctx", "retrydeadline", "per-attempt timeout (http.Client.Timeout) inside retry loop but no overall deadline")
	fc, _ := fixedOnce()
	fixed := fc.sources["rootctx"][1]
	for _, want := range []string{"opCtx := context.Background()\n\tif c.hc.Timeout > 0 {", "http.NewRequestWithContext(opCtx, "} {
		if !strings.Contains(fixed, want) {
			t.Errorf("the fix should contain %q:\n%s", want, fixed)
		}
	}
	guardedBound(t, c, func(perTry string) []string { return []string{"-per-try=" + perTry} })
}

// TestFixBehavesRetryDeadlineResentRequest: a method sends the request it
// is handed again, five times 100 ms apart, through a client whose
// Timeout comes from configuration (-per-try, 0 for none). The
// retrydeadline fix derives an overall deadline from the request's
// context, only when the Timeout is set, and sends req.WithContext(opCtx);
// see guardedBound.
func TestFixBehavesRetryDeadlineResentRequest(t *testing.T) {
	c := fixClient(t, "resendreq", "retrydeadline", "per-attempt timeout (http.Client.Timeout) inside retry loop but no overall deadline")
	fc, _ := fixedOnce()
	fixed := fc.sources["resendreq"][1]
	for _, want := range []string{"opCtx := req.Context()\n\tif c.hc.Timeout > 0 {", "c.hc.Do(req.WithContext(opCtx))"} {
		if !strings.Contains(fixed, want) {
			t.Errorf("the fix should contain %q:\n%s", want, fixed)
		}
	}
	guardedBound(t, c, func(perTry string) []string { return []string{"-per-try=" + perTry} })
}

// TestFixBehavesRetryDeadlineHandedRequest: a client hands the request
// it built, five times 100 ms apart, to a helper that times out each
// attempt from the request's own context (-per-try). The retrydeadline
// fix derives an overall deadline from the request's context and hands
// the helper req.WithContext(opCtx): with -per-try=300ms no attempt
// starts after 2 s; against fast failures the attempts are the same
// before and after.
func TestFixBehavesRetryDeadlineHandedRequest(t *testing.T) {
	c := fixClient(t, "handedreq", "retrydeadline", "per-attempt timeout (made by doOnce from req) inside retry loop but no overall deadline")
	fc, _ := fixedOnce()
	if fixed := fc.sources["handedreq"][1]; !strings.Contains(fixed, "doOnce(req.WithContext(opCtx), perTry)") {
		t.Errorf("the fix should hand the helper the request with the overall deadline:\n%s", fixed)
	}
	const perTry = 300 * time.Millisecond
	args := []string{"-per-try=" + perTry.String()}
	deadlineKeepsAttempts(t, c, args, 5, 5*(perTry+100*time.Millisecond), perTry)
	sameAttempts(t, c, "fast failures", args, 4)
}

// TestFixBehavesRetryDeadlineSkippedTimeout: a helper makes each
// attempt's timeout only for a positive duration (-per-try, 0 skips it).
// The retrydeadline fix makes the overall deadline under the same
// condition; see guardedBound.
func TestFixBehavesRetryDeadlineSkippedTimeout(t *testing.T) {
	c := fixClient(t, "skipdeadline", "retrydeadline", "per-attempt timeout (made by withTimeout from ctx) inside retry loop but no overall deadline")
	fc, _ := fixedOnce()
	if fixed := fc.sources["skipdeadline"][1]; !strings.Contains(fixed, "if perTry > 0 {\n\t\tvar opCancel") {
		t.Errorf("the fix should make the overall deadline only when a per-attempt timeout is configured:\n%s", fixed)
	}
	guardedBound(t, c, func(perTry string) []string { return []string{"-per-try=" + perTry} })
}

// TestFixBehavesRetryDeadlineCalleeVoid: a sender that returns nothing
// and reports a failure to a callback after its loop. The budget that the
// fix adds, sized from the client's Timeout while the waits double, is
// spent before the last attempt against a server that never answers; it
// must end the loop as the last attempt does, so that the failure is
// still reported (a stop that returned would leave the caller told
// nothing, the client exiting as if the upload had succeeded).
func TestFixBehavesRetryDeadlineCalleeVoid(t *testing.T) {
	c := fixClient(t, "calleevoid", "retrydeadline", "per-attempt timeout (http.Client.Timeout of the send in upload) inside retry loop but no overall deadline")
	fc, _ := fixedOnce()
	if fixed := fc.sources["calleevoid"][1]; !strings.Contains(fixed, "time.Since(retryStart) > 5*c.http.Timeout {\n\t\t\tbreak") {
		t.Errorf("the fix should leave the loop once the budget is spent:\n%s", fixed)
	}
	t.Run("server never answers", func(t *testing.T) {
		t.Parallel()
		routes := []retrytest.Route{{Method: "GET", Path: "/report",
			Script: []retrytest.Step{retrytest.Fail(504).Delayed(time.Minute)}}}
		c.beforeAndAfter(t, routes, func(t *testing.T, fixed bool, bin string, srv *retrytest.Server) {
			res := runClient(t, bin, "-per-try=300ms", srv.URL+"/report")
			if res.code == 0 || !strings.Contains(res.stderr, "giving up") {
				t.Errorf("fixed=%v: the failure callback did not run: exit %d, %q %q", fixed, res.code, res.stdout, res.stderr)
			}
			n := srv.Attempts("GET /report")
			switch {
			case !fixed && n != 5:
				t.Errorf("as written the client makes 5 attempts, made %d\n%s", n, srv.Timeline())
			case fixed && n >= 5:
				t.Errorf("the budget did not end the loop before its last attempt: %d attempts\n%s", n, srv.Timeline())
			}
		})
	})
	t.Run("the first attempt answers", func(t *testing.T) {
		t.Parallel()
		routes := []retrytest.Route{{Method: "GET", Path: "/report", Script: []retrytest.Step{retrytest.OK(200)}}}
		c.beforeAndAfter(t, routes, func(t *testing.T, fixed bool, bin string, srv *retrytest.Server) {
			res := runClient(t, bin, "-per-try=300ms", srv.URL+"/report")
			if n := srv.Attempts("GET /report"); n != 1 || res.code != 0 {
				t.Errorf("fixed=%v: want 1 attempt and success, got %d, exit %d: %q %q", fixed, n, res.code, res.stdout, res.stderr)
			}
		})
	})
}

// TestFixBehavesRetryIdempotencyClosureAny: a sender that builds each
// attempt's request, with the method it was asked for, in a closure its
// retry loop calls at once applies a POST twice when the answer to the
// first attempt is lost; after the fix every attempt of the POST carries
// one key, so the second is a replay, and a GET is re-sent as before,
// with no key.
func TestFixBehavesRetryIdempotencyClosureAny(t *testing.T) {
	c := fixClient(t, "closureany", "retryidempotency", "a request of any method is re-sent after a transport error without a check of its method or an Idempotency-Key header")
	t.Run("post", func(t *testing.T) {
		t.Parallel()
		provesOneKey(t, c)
	})
	t.Run("get", func(t *testing.T) {
		t.Parallel()
		routes := []retrytest.Route{{Method: "GET", Path: "/charges/c_42",
			Script: []retrytest.Step{retrytest.CommitAndDrop(), retrytest.OK(200)}}}
		c.beforeAndAfter(t, routes, func(t *testing.T, fixed bool, bin string, srv *retrytest.Server) {
			res := runClient(t, bin, "GET", srv.URL+"/charges/c_42")
			reqs := srv.Requests()
			if n := srv.Attempts("GET /charges/c_42"); n != 2 || res.code != 0 || !strings.HasPrefix(res.stdout, "200") {
				t.Errorf("fixed=%v: want the GET re-sent once and answered 200, got %d attempts, exit %d: %q %q\n%s",
					fixed, n, res.code, res.stdout, res.stderr, srv.Timeline())
			}
			for _, r := range reqs {
				if r.IdempotencyKey != "" {
					t.Errorf("fixed=%v: a GET carries a key:\n%s", fixed, srv.Timeline())
				}
			}
		})
	})
}

// TestFixBehavesRetryIdempotencyMethodPeer: a cluster client that hands
// the caller's method to a helper building each request, and tries the
// next peer after any error, applies a POST twice when the first peer
// applied it and the connection dropped; after the fix a transport error
// on a POST is handed back, while a peer's refusal (a 503, an answer)
// still sends the POST to the next peer, and a GET goes on to the next
// peer after a transport error as before.
func TestFixBehavesRetryIdempotencyMethodPeer(t *testing.T) {
	c := fixClient(t, "methodpeer", "retryidempotency", "a request of its caller's method (method) is re-sent after a transport error")
	peers := func(first retrytest.Step, method string) []retrytest.Route {
		return []retrytest.Route{
			{Method: method, Path: "/p1/db/execute", Script: []retrytest.Step{first}},
			{Method: method, Path: "/p2/db/execute", Script: []retrytest.Step{retrytest.OK(200)}},
		}
	}
	t.Run("post, first peer applies and drops", func(t *testing.T) {
		t.Parallel()
		c.beforeAndAfter(t, peers(retrytest.CommitAndDrop(), "POST"), func(t *testing.T, fixed bool, bin string, srv *retrytest.Server) {
			res := runClient(t, bin, "POST", srv.URL+"/p1", srv.URL+"/p2")
			n := srv.Attempts("POST /p2/db/execute")
			switch {
			case !fixed && (n != 1 || res.code != 0):
				t.Errorf("as written the second peer applies the POST again: want 1 attempt there and success, got %d, exit %d\n%s", n, res.code, srv.Timeline())
			case fixed && (n != 0 || res.code == 0):
				t.Errorf("fixed, the POST must not reach the second peer: got %d attempts there, exit %d\n%s", n, res.code, srv.Timeline())
			}
		})
	})
	t.Run("post, first peer refuses", func(t *testing.T) {
		t.Parallel()
		c.beforeAndAfter(t, peers(retrytest.Fail(503), "POST"), func(t *testing.T, fixed bool, bin string, srv *retrytest.Server) {
			res := runClient(t, bin, "POST", srv.URL+"/p1", srv.URL+"/p2")
			if n := srv.Attempts("POST /p2/db/execute"); n != 1 || res.code != 0 {
				t.Errorf("fixed=%v: a refusal still goes on to the next peer: want 1 attempt there and success, got %d, exit %d\n%s", fixed, n, res.code, srv.Timeline())
			}
		})
	})
	t.Run("get, first peer drops", func(t *testing.T) {
		t.Parallel()
		c.beforeAndAfter(t, peers(retrytest.CommitAndDrop(), "GET"), func(t *testing.T, fixed bool, bin string, srv *retrytest.Server) {
			res := runClient(t, bin, "GET", srv.URL+"/p1", srv.URL+"/p2")
			if n := srv.Attempts("GET /p2/db/execute"); n != 1 || res.code != 0 {
				t.Errorf("fixed=%v: a GET goes on to the next peer: want 1 attempt there and success, got %d, exit %d\n%s", fixed, n, res.code, srv.Timeline())
			}
		})
	})
}

// TestFixBehavesRetryIdempotencyForeignPost: a program that retries an
// SDK's POST after any error posts the message twice when the server
// applied it and the connection dropped; after the fix a transport error
// is handed back, while a refusal the SDK turned into an error (a 503) is
// tried again as before, and a message posted at once is posted once.
func TestFixBehavesRetryIdempotencyForeignPost(t *testing.T) {
	c := fixClient(t, "foreignpost", "retryidempotency", "POST is retried after a transport error without an idempotency key (PostMessage of chat sends it, and takes no key)")
	provesTransportGuard(t, c, "/api/chat.postMessage")
}

// TestFixBehavesRetryIdempotencyForeignLibPost: as TestFixBehavesRetry
// IdempotencyForeignPost, with the SDK's write in an operation that
// backoff.Retry retries after any error: after the fix (the guard returns
// backoff.Permanent(err)) a transport error ends the retry and is handed
// back, while a 503 is tried again as before, and a message posted at once
// is posted once.
func TestFixBehavesRetryIdempotencyForeignLibPost(t *testing.T) {
	c := fixClient(t, "foreignlibpost", "retryidempotency", "POST is retried by backoff.Retry after a transport error without an idempotency key (PostMessage of chat sends it, and takes no key)")
	fc, _ := fixedOnce()
	if fixed := fc.sources["foreignlibpost"][1]; !strings.Contains(fixed, "return backoff.Permanent(err)") {
		t.Errorf("the fix should stop the retry with backoff.Permanent:\n%s", fixed)
	}
	provesTransportGuard(t, c, "/api/chat.postMessage")
}

// TestFixBehavesRetryIdempotencyForeignHelperPost: as TestFixBehavesRetry
// IdempotencyForeignPost, with the SDK's write in an operation that a
// retry helper of the program's own calls again after any error: after
// the fix the operation keeps a transport error and succeeds, which ends
// the helper's retry, and the error is handed back after the helper's
// call, while a 503 is tried again as before, and a message posted at
// once is posted once.
func TestFixBehavesRetryIdempotencyForeignHelperPost(t *testing.T) {
	c := fixClient(t, "foreignhelperpost", "retryidempotency", "POST is retried by withBackoff after a transport error without an idempotency key (PostMessage of chat sends it, and takes no key)")
	fc, _ := fixedOnce()
	if fixed := fc.sources["foreignhelperpost"][1]; !strings.Contains(fixed, "writeErr = err") || !strings.Contains(fixed, "if writeErr != nil {") {
		t.Errorf("the fix should keep the transport error and hand it back after the helper:\n%s", fixed)
	}
	provesTransportGuard(t, c, "/api/chat.postMessage")
}

// TestFixBehavesRetryIdempotencyInterfacePost: a program that retries a
// Notifier interface's Notify, whose implementation posts, after any error
// posts the message twice when the server took it and the connection
// dropped; after the fix (a guard placed in the branch that handles the
// error) a transport error is handed back, while a 503 is tried again as
// before, and a message posted at once is posted once.
func TestFixBehavesRetryIdempotencyInterfacePost(t *testing.T) {
	c := fixClient(t, "ifacepost", "retryidempotency", "POST is retried after a transport error without an idempotency key (webhook.Notify, which a call of Notifier.Notify may run, sends it and takes no key)")
	provesTransportGuard(t, c, "/hook")
}

// TestFixBehavesRetryIdempotencyRewrap: as TestFixBehavesRetryIdempotency
// InterfacePost, with an implementation that folds the transport error
// into its own with %v: the fix makes it %w, and the guard at the retry
// then hands the transport error back, with the same text as before.
func TestFixBehavesRetryIdempotencyRewrap(t *testing.T) {
	c := fixClient(t, "rewrappost", "retryidempotency", "POST is retried after a transport error without an idempotency key (webhook.Notify, which a call of Notifier.Notify may run, sends it and takes no key)")
	fc, _ := fixedOnce()
	if fixed := fc.sources["rewrappost"][1]; !strings.Contains(fixed, `fmt.Errorf("webhook %s: %w", w.url, err)`) {
		t.Errorf("the fix should wrap the transport error with %%w:\n%s", fixed)
	}
	provesTransportGuard(t, c, "/hook")
	t.Run("the error reads as before", func(t *testing.T) {
		t.Parallel()
		routes := []retrytest.Route{{Method: "POST", Path: "/hook", Script: []retrytest.Step{retrytest.CommitAndDrop()}}}
		c.beforeAndAfter(t, routes, func(t *testing.T, fixed bool, bin string, srv *retrytest.Server) {
			res := runClient(t, bin, srv.URL)
			want := "rewrappost: webhook " + srv.URL + "/hook: Post \"" + srv.URL + "/hook\": EOF"
			if res.code == 0 || !strings.Contains(res.stderr, want) {
				t.Errorf("fixed=%v: want the error %q, got exit %d, stderr %q\n%s", fixed, want, res.code, res.stderr, srv.Timeline())
			}
		})
	})
}

// TestFixBehavesRetryIdempotencyErrorHelper: a program whose retry loop
// calls a helper that sends a request of the method it is handed and
// returns its error alone writes off the stock twice when the server
// applied the POST and the connection dropped; after the fix (the guard
// finds the transport error inside the helper's wrapping) the error is
// handed back, while a 503 is tried again as before.
func TestFixBehavesRetryIdempotencyErrorHelper(t *testing.T) {
	c := fixClient(t, "errhelperpost", "retryidempotency", "a request of its caller's method (method) is re-sent after a transport error")
	provesTransportGuard(t, c, "/products/42/writeoff")
}

// TestFixBehavesRetryIdempotencyFactory: a program whose retry helper
// re-sends whatever request its caller's factory makes stores an order
// twice when the server stored it and the connection dropped; after the
// fix (a guard on the factory's request) the error is handed back, while
// a 503 is tried again as before.
func TestFixBehavesRetryIdempotencyFactory(t *testing.T) {
	c := fixClient(t, "factorypost", "retryidempotency", "a request of any method is re-sent after a transport error or status 500")
	provesTransportGuard(t, c, "/orders")
}

// provesTransportGuard runs the client c, which posts one message to path
// and tries again after any error, before and after the transport-error
// guard of its fix: a message the server took before the connection
// dropped is posted again only as written, a 503 is tried again either
// way, and a message taken at once is posted once.
func provesTransportGuard(t *testing.T, c client, path string) {
	route := func(steps ...retrytest.Step) []retrytest.Route {
		return []retrytest.Route{{Method: "POST", Path: path, Script: steps}}
	}
	attempts := "POST " + path
	t.Run("applied, then dropped", func(t *testing.T) {
		t.Parallel()
		c.beforeAndAfter(t, route(retrytest.CommitAndDrop(), retrytest.OK(200)), func(t *testing.T, fixed bool, bin string, srv *retrytest.Server) {
			res := runClient(t, bin, srv.URL)
			n := srv.Attempts(attempts)
			switch {
			case !fixed && (n != 2 || res.code != 0):
				t.Errorf("as written the message is posted again: want 2 attempts and success, got %d, exit %d\n%s", n, res.code, srv.Timeline())
			case fixed && (n != 1 || res.code == 0):
				t.Errorf("fixed, the message must be posted once and the error handed back: got %d attempts, exit %d\n%s", n, res.code, srv.Timeline())
			}
		})
	})
	t.Run("refused, then posted", func(t *testing.T) {
		t.Parallel()
		c.beforeAndAfter(t, route(retrytest.Fail(503), retrytest.OK(200)), func(t *testing.T, fixed bool, bin string, srv *retrytest.Server) {
			res := runClient(t, bin, srv.URL)
			if n := srv.Attempts(attempts); n != 2 || res.code != 0 {
				t.Errorf("fixed=%v: a refusal is tried again: want 2 attempts and success, got %d, exit %d\n%s", fixed, n, res.code, srv.Timeline())
			}
		})
	})
	t.Run("posted at once", func(t *testing.T) {
		t.Parallel()
		c.beforeAndAfter(t, route(retrytest.OK(200)), func(t *testing.T, fixed bool, bin string, srv *retrytest.Server) {
			res := runClient(t, bin, srv.URL)
			if n := srv.Attempts(attempts); n != 1 || res.code != 0 || !strings.HasPrefix(res.stdout, "posted") {
				t.Errorf("fixed=%v: want 1 attempt and success, got %d, exit %d: %q\n%s", fixed, n, res.code, res.stdout, srv.Timeline())
			}
		})
	})
}

// TestFixBehavesRetryIdempotencyFramework: a program whose notification
// framework calls the plugged-in notifier again while its verdict asks
// posts the message twice when the server took it and the connection
// dropped, since the notifier asks for a retry after a transport error;
// after the fix (notify.Unrecoverable for that outcome) the error is
// handed back, while a 503 is tried again as before.
func TestFixBehavesRetryIdempotencyFramework(t *testing.T) {
	c := fixClient(t, "frameworkpost", "retryidempotency", "POST is retried after a transport error without an idempotency key (the result notify.Retry makes notify.Stage.Exec call Notify again")
	fc, _ := fixedOnce()
	if fixed := fc.sources["frameworkpost"][1]; !strings.Contains(fixed, "return notify.Unrecoverable(err)\n\t}\n\tdefer resp.Body.Close()") {
		t.Errorf("the fix should answer the transport error with notify.Unrecoverable:\n%s", fixed)
	}
	provesTransportGuard(t, c, "/hook")
}

// TestFixBehavesRetryDeadlineSendContext: a client builds each request
// without a context and hands it the caller's at the send
// (Do(req.WithContext(ctx))), the first attempt before its loop and four
// more in it, 100 ms apart, through a client whose Timeout is set after
// the client is made (-per-try, 0 for none). The retrydeadline fix makes
// the deadline of the loop's attempts and waits only when the Timeout is
// set, and hands every attempt in the loop that context; see guardedBound.
func TestFixBehavesRetryDeadlineSendContext(t *testing.T) {
	c := fixClient(t, "sendctx", "retrydeadline", "per-attempt timeout (http.Client.Timeout) inside retry loop but no overall deadline")
	fc, _ := fixedOnce()
	fixed := fc.sources["sendctx"][1]
	for _, want := range []string{"opCtx := ctx\n\tif c.hc.Timeout > 0 {", "c.hc.Do(req.WithContext(opCtx))", "case <-opCtx.Done():"} {
		if !strings.Contains(fixed, want) {
			t.Errorf("the fix should contain %q:\n%s", want, fixed)
		}
	}
	guardedBound(t, c, func(perTry string) []string { return []string{"-per-try=" + perTry} })
}

// TestFixBehavesRetryDeadlineCalleePing: a client calls, five times
// 100 ms apart, a function that pings through a client of its own with a
// constant Timeout of 300 ms. The retrydeadline fix, at the call, is a
// wall-clock budget of the attempts and the waits sized from that
// constant: against a server that never answers no attempt starts after
// 5 x (300+100) ms, and against slow or fast failures the attempts are
// the same before and after.
func TestFixBehavesRetryDeadlineCalleePing(t *testing.T) {
	c := fixClient(t, "calleeping", "retrydeadline", "per-attempt timeout (http.Client.Timeout of the send in ping) inside retry loop but no overall deadline")
	fc, _ := fixedOnce()
	if fixed := fc.sources["calleeping"][1]; !strings.Contains(fixed, "time.Since(retryStart) > 5*(300*time.Millisecond+100*time.Millisecond)") {
		t.Errorf("the fix should check a budget sized from the callee's constant Timeout:\n%s", fixed)
	}
	const perTry = 300 * time.Millisecond
	deadlineKeepsAttempts(t, c, nil, 5, 5*(perTry+100*time.Millisecond), perTry)
	sameAttempts(t, c, "fast failures", nil, 4)
}

// TestFixBehavesRetryIdempotencyAgainOp: a sender whose operation is run
// again by a retry helper of the package for as long as it answers true
// (Executor{Handler: func() (bool, error)}.Execute()), and answers true
// after a transport error or a 5xx, whatever the method. The fix's guard
// in the operation answers false for a request that may not be replayed:
// a POST whose answer was lost, or whose 502 came after the server
// applied it, is applied once; a GET is still re-sent after a 502.
func TestFixBehavesRetryIdempotencyAgainOp(t *testing.T) {
	c := fixClient(t, "execany", "retryidempotency", "a request of any method is re-sent after a transport error or status 500 without a check of its method")
	t.Run("post-drop", func(t *testing.T) {
		t.Parallel()
		provesSentOnce(t, c, retrytest.CommitAndDrop())
	})
	t.Run("post-502", func(t *testing.T) {
		t.Parallel()
		provesSentOnce(t, c, retrytest.CommitAndFail(502))
	})
	t.Run("get", func(t *testing.T) {
		t.Parallel()
		provesGetResent(t, c)
	})
}

// TestFixBehavesRetryIdempotencyUnrolled: a charge posted, and built and
// posted once more when the first attempt fails, with no loop: the fix
// makes one key before the first build and sets it after both, so the
// server sees the second attempt as a replay of the first.
func TestFixBehavesRetryIdempotencyUnrolled(t *testing.T) {
	provesOneKey(t, fixClient(t, "twicepost", "retryidempotency", "POST is sent again after a transport error without an idempotency key"))
}

// TestFixBehavesRetryIdempotencyFreshKey: a charge retried through a
// helper that sets a new Idempotency-Key on every call. Before the fix the
// second attempt carries a new key and the server applies the charge
// twice; after it the loop makes one key and hands it to the helper, so
// the second attempt is replayed. The helper's other caller, a receipt
// sent once, hands it no key, and the helper makes one as before.
func TestFixBehavesRetryIdempotencyFreshKey(t *testing.T) {
	c := fixClient(t, "freshkey", "retryidempotency", "POST is retried after a transport error with an idempotency key that post makes anew on every call")
	fc, _ := fixedOnce()
	if fixed := fc.sources["freshkey"][1]; !strings.Contains(fixed, `post(os.Args[2], []byte(`+"`"+`{"customer":"c_42"}`+"`"+`), "")`) || !strings.Contains(fixed, `if idempotencyKey == "" {`) {
		t.Errorf("the fix does not keep the receipt's own key:\n%s", fixed)
	}
	provesOneKey(t, c)
}

// TestFixBehavesRetryIdempotencyRecurseMethod: a session layer that tries
// a call again by calling itself after a transport error, through a helper
// that builds the request with its caller's method and answers with the
// body and the status, applies a POST twice when the server took it and
// the connection dropped; after the fix the transport error of a POST is
// handed back with what the attempt answered, while a GET is tried again
// as before, and a POST answered at once is sent once.
func TestFixBehavesRetryIdempotencyRecurseMethod(t *testing.T) {
	c := fixClient(t, "recursemethod", "retryidempotency", "a request of its caller's method (method) is re-sent after a transport error")
	route := func(method string, steps ...retrytest.Step) []retrytest.Route {
		return []retrytest.Route{{Method: method, Path: "/v1/createObject", Script: steps}}
	}
	t.Run("post, applied then dropped", func(t *testing.T) {
		t.Parallel()
		c.beforeAndAfter(t, route("POST", retrytest.CommitAndDrop(), retrytest.OK(200)), func(t *testing.T, fixed bool, bin string, srv *retrytest.Server) {
			res := runClient(t, bin, "POST", srv.URL)
			n := srv.Attempts("POST /v1/createObject")
			switch {
			case !fixed && (n != 2 || res.code != 0):
				t.Errorf("as written the POST is applied again: want 2 attempts and success, got %d, exit %d\n%s", n, res.code, srv.Timeline())
			case fixed && (n != 1 || res.code == 0):
				t.Errorf("fixed, the POST must be sent once and the error handed back: got %d attempts, exit %d\n%s", n, res.code, srv.Timeline())
			}
		})
	})
	t.Run("get, dropped then answered", func(t *testing.T) {
		t.Parallel()
		c.beforeAndAfter(t, route("GET", retrytest.CommitAndDrop(), retrytest.OK(200)), func(t *testing.T, fixed bool, bin string, srv *retrytest.Server) {
			res := runClient(t, bin, "GET", srv.URL)
			if n := srv.Attempts("GET /v1/createObject"); n != 2 || res.code != 0 {
				t.Errorf("fixed=%v: a GET is tried again: want 2 attempts and success, got %d, exit %d\n%s", fixed, n, res.code, srv.Timeline())
			}
		})
	})
	t.Run("post, answered at once", func(t *testing.T) {
		t.Parallel()
		c.beforeAndAfter(t, route("POST", retrytest.OK(200)), func(t *testing.T, fixed bool, bin string, srv *retrytest.Server) {
			res := runClient(t, bin, "POST", srv.URL)
			if n := srv.Attempts("POST /v1/createObject"); n != 1 || res.code != 0 || !strings.HasPrefix(res.stdout, "posted 200") {
				t.Errorf("fixed=%v: want 1 attempt and success, got %d, exit %d: %q\n%s", fixed, n, res.code, res.stdout, srv.Timeline())
			}
		})
	})
}
