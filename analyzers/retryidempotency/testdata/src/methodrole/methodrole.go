// Package methodrole holds senders that re-send any request and test its
// method for another purpose than ending the retry (the host to try, the
// wait, whether to rewind the body), beside senders whose test of the
// method does end it, directly or through a variable.
package methodrole

import (
	"net/http"
	"time"
)

type mirror struct {
	next      http.RoundTripper
	secondary string
}

// The method picks the host of the next attempt for a read; a POST is
// re-sent to the primary after a transport error all the same.
func (t *mirror) RoundTrip(req *http.Request) (*http.Response, error) { // want RoundTrip:"sends\\(param 0\\)"
	considerSecondary := (req.Method == http.MethodGet || req.Method == http.MethodHead) && t.secondary != ""
	var resp *http.Response
	var err error
	for try := 1; try <= 3; try++ {
		primary := !considerSecondary || try%2 == 1
		attempt := req.Clone(req.Context())
		if !primary {
			attempt.URL.Host = t.secondary
		}
		resp, err = t.next.RoundTrip(attempt) // want `a request of any method is re-sent after a transport error without a check of its method or an Idempotency-Key header`
		if err == nil {
			return resp, nil
		}
		if primary {
			time.Sleep(time.Duration(try) * 100 * time.Millisecond)
		} else {
			time.Sleep(50 * time.Millisecond)
		}
	}
	return resp, err
}

type replayable struct{ next http.RoundTripper }

// Silent: a variable made of the method ends the retry of a POST.
func (t *replayable) RoundTrip(req *http.Request) (*http.Response, error) { // want RoundTrip:"sends\\(param 0\\)"
	retryable := req.Method == http.MethodGet || req.Method == http.MethodHead
	var resp *http.Response
	var err error
	for try := 1; try <= 3; try++ {
		resp, err = t.next.RoundTrip(req)
		if err == nil || !retryable {
			return resp, err
		}
		time.Sleep(time.Duration(try) * 100 * time.Millisecond)
	}
	return resp, err
}

type flagged struct{ next http.RoundTripper }

// Silent: the method clears a flag in a branch that the loop's exit reads.
func (t *flagged) RoundTrip(req *http.Request) (*http.Response, error) { // want RoundTrip:"sends\\(param 0\\)"
	again := true
	if req.Method == http.MethodPost || req.Method == http.MethodPatch {
		again = false
	}
	var resp *http.Response
	var err error
	for try := 1; try <= 3; try++ {
		resp, err = t.next.RoundTrip(req)
		if err == nil || !again {
			return resp, err
		}
		time.Sleep(time.Duration(try) * 100 * time.Millisecond)
	}
	return resp, err
}

type predicate struct {
	next http.RoundTripper
	ok   func(*http.Request) bool
}

// Silent: the method is tested in a helper the model does not evaluate
// (here a func value beside it): the gate stays.
func (t *predicate) RoundTrip(req *http.Request) (*http.Response, error) { // want RoundTrip:"sends\\(param 0\\)"
	isRead := func(r *http.Request) bool { return r.Method == http.MethodGet }
	var resp *http.Response
	var err error
	for try := 1; try <= 3; try++ {
		resp, err = t.next.RoundTrip(req)
		if err == nil || !isRead(req) {
			return resp, err
		}
		time.Sleep(time.Duration(try) * 100 * time.Millisecond)
	}
	return resp, err
}

type rewinder struct{ next http.RoundTripper }

// The method decides whether the body is rewound before each attempt
// and how long to wait: a POST is re-sent after a transport error.
func (t *rewinder) RoundTrip(req *http.Request) (*http.Response, error) { // want RoundTrip:"sends\\(param 0\\)"
	var resp *http.Response
	var err error
	for try := 1; try <= 3; try++ {
		attempt := req.Clone(req.Context())
		if req.Method != http.MethodGet && req.GetBody != nil {
			body, berr := req.GetBody()
			if berr != nil {
				return nil, berr
			}
			attempt.Body = body
		}
		resp, err = t.next.RoundTrip(attempt) // want `a request of any method is re-sent after a transport error without a check of its method or an Idempotency-Key header`
		if err == nil {
			return resp, nil
		}
		switch req.Method {
		case http.MethodGet, http.MethodHead:
			time.Sleep(50 * time.Millisecond)
		default:
			time.Sleep(time.Duration(try) * 100 * time.Millisecond)
		}
	}
	return resp, err
}

type switched struct{ next http.RoundTripper }

// Silent: the switch on the method ends the retry of a write.
func (t *switched) RoundTrip(req *http.Request) (*http.Response, error) { // want RoundTrip:"sends\\(param 0\\)"
	var resp *http.Response
	var err error
	for try := 1; try <= 3; try++ {
		resp, err = t.next.RoundTrip(req)
		if err == nil {
			return resp, nil
		}
		switch req.Method {
		case http.MethodPost, http.MethodPatch:
			return nil, err
		}
		time.Sleep(time.Duration(try) * 100 * time.Millisecond)
	}
	return resp, err
}

type verdicts struct {
	next      http.RoundTripper
	secondary string
}

// The method picks the host, and a switch names the action, whose first
// case only a read from the secondary takes: a POST answered by a
// transport error is retried by the second.
func (t *verdicts) RoundTrip(req *http.Request) (*http.Response, error) { // want RoundTrip:"sends\\(param 0\\)"
	considerSecondary := req.Method == http.MethodGet && t.secondary != ""
	var resp *http.Response
	var err error
	for try := 1; try <= 3; try++ {
		primary := !considerSecondary || try%2 == 1
		attempt := req.Clone(req.Context())
		if !primary {
			attempt.URL.Host = t.secondary
		}
		resp, err = t.next.RoundTrip(attempt) // want `a request of any method is re-sent after a transport error without a check of its method or an Idempotency-Key header`
		action := ""
		switch {
		case !primary && resp != nil && resp.StatusCode == http.StatusNotFound:
			considerSecondary = false
			action = "retry: not replicated yet"
		case err != nil:
			action = "retry: transport error"
		default:
			return resp, nil
		}
		if action[0] != 'r' {
			break
		}
		time.Sleep(time.Duration(try) * 100 * time.Millisecond)
	}
	return resp, err
}

type named struct{ next http.RoundTripper }

// Silent: the method names the action before the loop, and the action
// ends the retry of a write.
func (t *named) RoundTrip(req *http.Request) (*http.Response, error) { // want RoundTrip:"sends\\(param 0\\)"
	action := "retry"
	if req.Method == http.MethodPost || req.Method == http.MethodPatch {
		action = "stop"
	}
	var resp *http.Response
	var err error
	for try := 1; try <= 3; try++ {
		resp, err = t.next.RoundTrip(req)
		if err == nil || action == "stop" {
			return resp, err
		}
		time.Sleep(time.Duration(try) * 100 * time.Millisecond)
	}
	return resp, err
}
