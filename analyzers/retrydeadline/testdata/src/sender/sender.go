// Package sender holds retrying senders whose only context is the
// request's.
package sender

import (
	"net/http"
	"time"
)

type retryTransport struct {
	next http.RoundTripper
}

// The wait ignores the context the caller put on the request.
func (t *retryTransport) RoundTrip(req *http.Request) (*http.Response, error) {
	for i := 0; ; i++ {
		resp, err := t.next.RoundTrip(req)
		if err == nil || i == 3 {
			return resp, err
		}
		time.Sleep(time.Duration(i) * time.Second) // want `time.Sleep in retry loop ignores cancellation of req.Context\(\)`
	}
}

// A Doer is what an SDK sends through.
type Doer interface {
	Do(*http.Request) (*http.Response, error)
}

// The same through an interface, with a request made before the loop.
func send(d Doer, url string) (*http.Response, error) {
	req, err := http.NewRequest(http.MethodGet, url, nil)
	if err != nil {
		return nil, err
	}
	for range 3 {
		resp, err := d.Do(req)
		if err == nil {
			return resp, nil
		}
		time.Sleep(time.Second) // want `time.Sleep in retry loop ignores cancellation of req.Context\(\)`
	}
	return nil, err
}

// ---- must stay silent ----

// The wait ends with the request's context.
func (t *retryTransport) waits(req *http.Request) (*http.Response, error) {
	for i := 0; ; i++ {
		resp, err := t.next.RoundTrip(req)
		if err == nil || i == 3 {
			return resp, err
		}
		timer := time.NewTimer(time.Second)
		select {
		case <-req.Context().Done():
			timer.Stop()
			return nil, req.Context().Err()
		case <-timer.C:
		}
	}
}

// A request made afresh in each attempt, with no context at all: nothing
// to honour.
func fresh(d Doer, url string) (*http.Response, error) {
	for range 3 {
		req, err := http.NewRequest(http.MethodGet, url, nil)
		if err != nil {
			return nil, err
		}
		resp, err := d.Do(req)
		if err == nil {
			return resp, nil
		}
		time.Sleep(time.Second)
	}
	return nil, http.ErrHandlerTimeout
}
