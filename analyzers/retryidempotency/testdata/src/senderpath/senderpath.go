// Package senderpath holds retrying senders that compare the method of the
// request they re-send: only a comparison that can stop the re-send is a
// check of it.
package senderpath

import (
	"net/http"
)

type transport struct {
	next http.RoundTripper
}

// The comparison before the send picks a header; every failure of any
// method is sent again.
func (t *transport) RoundTrip(req *http.Request) (*http.Response, error) { // want RoundTrip:"sends\\(param 0\\)" RoundTrip:`resends\(param 0 after a transport error\)`
	var resp *http.Response
	var err error
	for range 3 {
		if req.Method == http.MethodHead {
			req.Header.Set("Accept", "*/*")
		}
		resp, err = t.next.RoundTrip(req) // want `a request of any method is re-sent after a transport error without a check of its method or an Idempotency-Key header`
		if err == nil {
			return resp, nil
		}
	}
	return nil, err
}

// ---- must stay silent ----

type onceForWrites struct {
	next http.RoundTripper
}

// The comparison before the send leaves the loop before a write's second
// attempt.
func (t *onceForWrites) RoundTrip(req *http.Request) (*http.Response, error) { // want RoundTrip:"sends\\(param 0\\)"
	var resp *http.Response
	var err error
	for i := range 3 {
		if i > 0 && req.Method != http.MethodGet && req.Method != http.MethodHead {
			return nil, err
		}
		resp, err = t.next.RoundTrip(req)
		if err == nil {
			return resp, nil
		}
	}
	return nil, err
}

type checkedAfter struct {
	next http.RoundTripper
}

// The comparison after the send hands a write's failure back.
func (t *checkedAfter) RoundTrip(req *http.Request) (*http.Response, error) { // want RoundTrip:"sends\\(param 0\\)"
	var resp *http.Response
	var err error
	for range 3 {
		resp, err = t.next.RoundTrip(req)
		if err == nil {
			return resp, nil
		}
		if req.Method == http.MethodPost || req.Method == http.MethodPatch {
			return nil, err
		}
	}
	return nil, err
}
