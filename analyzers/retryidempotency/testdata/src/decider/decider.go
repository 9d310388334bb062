// Package decider holds retrying transports whose retry is decided by a
// predicate the caller configures: one about the request says whether the
// request may be sent again, which is the caller's to say; one about the
// response only says which answers to retry.
package decider

import (
	"net/http"
)

type options struct {
	// decider reports whether req may be retried (by default, only the
	// safe methods).
	decider   func(req *http.Request) bool
	retryable func(resp *http.Response) bool
	max       int
}

func defaultDecider(req *http.Request) bool {
	return req.Method == http.MethodGet || req.Method == http.MethodHead
}

type tripper struct {
	next http.RoundTripper
	o    options
}

func newTripper(next http.RoundTripper) *tripper {
	return &tripper{next: next, o: options{decider: defaultDecider, max: 3}}
}

// The caller's decider says which requests are retried.
func (t *tripper) RoundTrip(req *http.Request) (*http.Response, error) { // want RoundTrip:"sends\\(param 0\\)"
	if !t.o.decider(req) {
		return t.next.RoundTrip(req)
	}
	var resp *http.Response
	var err error
	for i := 0; i < t.o.max; i++ {
		resp, err = t.next.RoundTrip(req)
		if err == nil {
			return resp, nil
		}
	}
	return nil, err
}

type statusTripper struct {
	next http.RoundTripper
	o    options
}

// A predicate on the response decides which answers are retried, not
// which requests may be: a POST is still sent again after a transport
// error.
func (t *statusTripper) RoundTrip(req *http.Request) (*http.Response, error) { // want RoundTrip:"sends\\(param 0\\)" RoundTrip:`resends\(param 0 after a transport error or status 500\)`
	var resp *http.Response
	var err error
	for i := 0; i < t.o.max; i++ {
		resp, err = t.next.RoundTrip(req) // want `a request of any method is re-sent after a transport error or status 500 without a check of its method or an Idempotency-Key header`
		if err == nil && !t.o.retryable(resp) {
			return resp, nil
		}
	}
	return resp, err
}

type optionalTripper struct {
	next        http.RoundTripper
	shouldRetry func(req *http.Request) bool
	max         int
}

// The predicate is asked only when it is set: unset, every request is
// sent again after a transport error, a POST too.
func (t *optionalTripper) RoundTrip(req *http.Request) (*http.Response, error) { // want RoundTrip:"sends\\(param 0\\)" RoundTrip:`resends\(param 0 after a transport error while max > 1\)`
	var resp *http.Response
	var err error
	for i := 0; i < t.max; i++ {
		resp, err = t.next.RoundTrip(req) // want `a request of any method is re-sent after a transport error without a check of its method or an Idempotency-Key header`
		if err == nil {
			return resp, nil
		}
		if t.shouldRetry != nil && !t.shouldRetry(req) {
			break
		}
	}
	return resp, err
}

type localTripper struct {
	next http.RoundTripper
	max  int
}

// A predicate of the sender's own, defined where it is asked: it asks
// about the error, not the method.
func (t *localTripper) RoundTrip(req *http.Request) (*http.Response, error) { // want RoundTrip:"sends\\(param 0\\)" RoundTrip:`resends\(param 0 after a transport error while max > 1\)`
	retryable := func(req *http.Request, err error) bool { return err != nil }
	var resp *http.Response
	var err error
	for i := 0; i < t.max; i++ {
		resp, err = t.next.RoundTrip(req) // want `a request of any method is re-sent after a transport error without a check of its method or an Idempotency-Key header`
		if err == nil {
			return resp, nil
		}
		if !retryable(req, err) {
			break
		}
	}
	return resp, err
}

type policyTripper struct {
	next   http.RoundTripper
	policy func(req *http.Request, resp *http.Response, err error) bool
	max    int
}

// A policy handed the response and the error decides on the outcome: a
// POST is still sent again after a transport error.
func (t *policyTripper) RoundTrip(req *http.Request) (*http.Response, error) { // want RoundTrip:"sends\\(param 0\\)" RoundTrip:`resends\(param 0 after a transport error while max > 1\)`
	var resp *http.Response
	var err error
	for i := 0; i < t.max; i++ {
		resp, err = t.next.RoundTrip(req) // want `a request of any method is re-sent after a transport error without a check of its method or an Idempotency-Key header`
		if err == nil {
			return resp, nil
		}
		if !t.policy(req, resp, err) {
			break
		}
	}
	return resp, err
}
