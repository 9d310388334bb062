package retrytest_test

import (
	"fmt"
	"net/http"
	"strings"
	"time"

	"github.com/retrylint/retrylint/retrytest"
)

// postCharge is a naive client: it retries a charge at once after any
// failure, up to three attempts, with the given headers on each attempt.
func postCharge(url string, header ...string) error {
	var lastErr error
	for range 3 {
		req, err := http.NewRequest("POST", url, strings.NewReader(`{"amount":1999}`))
		if err != nil {
			return err
		}
		for i := 0; i+1 < len(header); i += 2 {
			req.Header.Set(header[i], header[i+1])
		}
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			lastErr = err
			continue
		}
		resp.Body.Close()
		if resp.StatusCode == http.StatusCreated {
			return nil
		}
		lastErr = fmt.Errorf("charge: %s", resp.Status)
	}
	return lastErr
}

// firstLine returns the first line of err's message, or "ok" for nil.
func firstLine(err error) string {
	if err == nil {
		return "ok"
	}
	line, _, _ := strings.Cut(err.Error(), "\n")
	return line
}

// The naive client meets an applied write whose answer is lost, then a
// throttle it does not wait out: it charges twice. A test would call
// srv.AssertNoEarlyRetry(t) and srv.AssertNoDuplicateWrite(t) on a server
// from retrytest.NewServer(t, ...); New and the Check methods return the
// same findings as errors.
func Example() {
	srv, err := retrytest.New(retrytest.Route{
		Method: "POST",
		Path:   "/charges",
		Script: []retrytest.Step{
			retrytest.CommitAndDrop(),               // applied, but the client gets no answer
			retrytest.Throttle(429, 30*time.Second), // Retry-After: 30
			retrytest.OK(201),
		},
		OnEarly: retrytest.FollowScript, // answer an early retry from the script anyway
	})
	if err != nil {
		fmt.Println(err)
		return
	}
	defer srv.Close()

	fmt.Println("client:", firstLine(postCharge(srv.URL+"/charges")))
	for _, r := range srv.Requests() {
		fmt.Printf("#%d status %d, early %v, applied %v\n", r.Seq, r.Status, r.Early, r.Applied)
	}
	fmt.Println(firstLine(srv.CheckNoEarlyRetry()))
	fmt.Println(firstLine(srv.CheckNoDuplicateWrite()))
	fmt.Println(firstLine(srv.CheckAttemptsAtMost("POST /charges", 3)))
	// Output:
	// client: ok
	// #1 status 0, early false, applied true
	// #2 status 429, early false, applied false
	// #3 status 201, early true, applied true
	// retrytest: 1 early retry (the client came back before Retry-After allowed):
	// retrytest: duplicate write:
	// ok
}

// With one idempotency key for the logical operation, sent on every
// attempt, the server applies the charge once and replays its outcome.
func ExampleServer_CheckNoDuplicateWrite() {
	srv, err := retrytest.New(retrytest.Route{
		Method: "POST",
		Path:   "/charges",
		Script: []retrytest.Step{retrytest.CommitAndDrop(), retrytest.OK(201)},
	})
	if err != nil {
		fmt.Println(err)
		return
	}
	defer srv.Close()

	fmt.Println("client:", firstLine(postCharge(srv.URL+"/charges", "Idempotency-Key", "charge-c42-0001")))
	for _, r := range srv.Requests() {
		fmt.Printf("#%d key %s: %s\n", r.Seq, r.IdempotencyKey, r.Outcome)
	}
	fmt.Println(firstLine(srv.CheckNoDuplicateWrite()))
	// Output:
	// client: ok
	// #1 key charge-c42-0001: write applied, then the connection was dropped without a response
	// #2 key charge-c42-0001: 201, replay of #1 (same idempotency key), not applied again
	// ok
}
