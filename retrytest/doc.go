// Package retrytest provides a throttling HTTP server for Go tests, to check
// that a client's retries behave: that it waits as long as Retry-After says,
// that it stops within its budget, and that it does not apply a write twice.
//
// Static analysis (the retrylint analyzers) shows where retry code is wrong;
// this package shows what the code does. The server answers each route from
// a script: throttle with 429 or 503 and a Retry-After in seconds or as an
// HTTP-date, fail with 500, 502 or 504, succeed, or apply a write and drop
// the connection without an answer (the unknown outcome). It records every
// request and knows, per route, when the next one is allowed.
//
// # A test
//
//	func TestChargeIsNotDuplicated(t *testing.T) {
//		srv := retrytest.NewServer(t,
//			retrytest.Route{
//				Method: "POST",
//				Path:   "/charges",
//				// The first attempt is applied but its answer is lost; the
//				// second is throttled; the third succeeds.
//				Script: []retrytest.Step{
//					retrytest.CommitAndDrop(),
//					retrytest.Throttle(429, 1*time.Second),
//					retrytest.OK(201),
//				},
//			})
//
//		client := payments.NewClient(srv.URL) // the client under test
//		err := client.Charge(context.Background(), "c_42", 1999)
//		if err != nil {
//			t.Fatal(err)
//		}
//
//		srv.AssertNoEarlyRetry(t)     // waited out the Retry-After: 1
//		srv.AssertNoDuplicateWrite(t) // one charge, although attempt 1 was applied
//		srv.AssertAttemptsAtMost(t, "POST /charges", 3)
//	}
//
// A failing assertion says what happened, in order, with times relative to
// the first request:
//
//	retrytest: duplicate write:
//	  POST /charges: the same body (sha256 9f2c41d07a3b) was applied 2 times, without an idempotency key: #1 at +0.000s, #3 at +1.002s
//	timeline (times from the first request):
//	  #1 +0.000s POST /charges (idempotency key none, body sha256 9f2c41d07a3b) -> write applied, then the connection was dropped without a response
//	  #2 +0.101s POST /charges (idempotency key none, body sha256 9f2c41d07a3b) -> 429, Retry-After: 1 (next request allowed from +1.101s)
//	  #3 +1.102s POST /charges (idempotency key none, body sha256 9f2c41d07a3b) -> 201, write applied
//
// # Scripts
//
// A [Route] is a method, a path (matched exactly, without the query) and a
// script of [Step] values, used one per request in order. When the script
// runs out, its last step repeats: a script of one Throttle throttles every
// request. The steps are:
//
//   - [Throttle](status, wait): 429 or 503 with "Retry-After: <seconds>";
//   - [ThrottleNumber](status, seconds): the same with any number of
//     seconds, one too large for a time.Duration included, to test a
//     client's range check;
//   - [ThrottleDate](status, wait) and [ThrottleUntil](status, date): the
//     same with an HTTP-date, which clients must parse too;
//   - [ThrottleMalformed](status, value): the same with a value of
//     neither form ("soon"), which asks for no wait a client can read:
//     a test measures whether it backs off or comes back at once;
//   - [Fail](status): an error such as 500, 502 or 504, not applied;
//   - [OK](status): success; a write is applied;
//   - [CommitAndDrop](): the write is applied, then the connection is
//     closed without a response (the server hijacks it), so the client
//     sees a transport error for a write that happened;
//   - [CommitAndFail](status): the write is applied, then answered with a
//     server error such as 502 or 504, as a gateway does when the upstream
//     applied it but did not answer in time.
//
// Any step can be slowed with [Step.Delayed], for a client whose per-attempt
// timeout fires first, given a response body with [Step.WithBody], and
// given a session cookie with [Step.WithCookie], a credential in the
// response's header for a client that must not log it.
//
// # Early retries
//
// Each throttling response sets the time from which the route accepts the
// next request: the moment the response was sent plus the wait for
// "Retry-After: <seconds>" (a client measures the wait from when it
// received the response, which is later), or the date itself for an
// HTTP-date. Dates have a resolution of one second, so ThrottleDate and
// ThrottleUntil round the date up and the server checks against the date it
// sent: a client that waits as long as the header says is never early. A
// request that arrives sooner is an early retry; by default ([Rethrottle])
// the server answers it with the same status and the time still to wait, as
// real APIs do, without using up a step; with [FollowScript] it answers from
// the script. Either way the request is recorded as early, and
// [Server.AssertNoEarlyRetry] reports it.
//
// # Writes and idempotency keys
//
// A request whose method is not GET, HEAD, OPTIONS or TRACE is a write. A
// write answered by OK, CommitAndDrop or CommitAndFail is applied, once per idempotency
// key: the server honours the Idempotency-Key header (or X-Idempotency-Key)
// as an API with that contract does. A second request with a key already
// applied is not applied again (OK answers it with the header
// Idempotent-Replayed: true), and one that reuses a key with a different
// body is refused with 422. A route with IgnoreIdempotencyKeys set is an API
// without the contract, which applies every write.
//
// [Server.AssertNoDuplicateWrite] counts the applications of each logical
// operation, a POST or PATCH body sent to a route: the same body applied
// twice means a retry without a key, or with a key made anew for each
// attempt, which defeats deduplication. PUT and DELETE are idempotent and
// are not counted.
//
// The record shows every request that reached the server, including those
// the client's code never sees: net/http's Transport resends a request
// once by itself when a keep-alive connection it reused fails before any
// response and the request is replayable (a GET, HEAD, OPTIONS or TRACE, or
// any request with an Idempotency-Key or X-Idempotency-Key header and a
// body it can rewind). Such a resend counts as an attempt.
//
// # Checks
//
// Each check has two forms: Check... returns an error (nil when the check
// passes) and Assert... reports that error with tb.Error. Both include the
// timeline. [Server.Requests] and [Server.Timeline] give the raw record.
//
//   - no early retry: [Server.AssertNoEarlyRetry];
//   - no duplicate write: [Server.AssertNoDuplicateWrite];
//   - at most n attempts on a route: [Server.AssertAttemptsAtMost];
//   - the client gave up, within a time of its first request:
//     [Server.AssertGaveUp] (after the client returned);
//   - no request for an unknown route: [Server.AssertNoUnknownRoute].
//
// # Bad configuration and unknown routes
//
// [NewServer] fails the test with tb.Fatalf, and [New] returns an error, for
// no routes, a route without a method, a path or a script, the same route
// twice, and an invalid step: a Retry-After that is negative or not a whole
// number of seconds, a throttling status other than 429 and 503, a status of
// the wrong class, a negative delay, or a zero Step. Building a step never
// panics; its error is reported with the route and position where it is
// used. A request for a path or method that has no route is answered 404
// and recorded, and the server of NewServer fails the test when it ends.
//
// The server is an [net/http/httptest.Server] on the loopback interface,
// speaking HTTP/1.1, and needs nothing beyond the standard library.
package retrytest
