// Package halfguard holds senders that re-send any request after a
// transport error and after a 5xx, with a check of the method that covers
// one of the two or both.
package halfguard

import (
	"errors"
	"net/http"
)

type half struct{ next http.RoundTripper }

// The check ends the retry after a transport error only: a POST answered
// 502 is sent again.
func (t *half) RoundTrip(req *http.Request) (*http.Response, error) { // want RoundTrip:"sends\\(param 0\\)" RoundTrip:`resends\(param 0 after a transport error or status 500\)`
	var resp *http.Response
	var err error
	for i := 0; i < 3; i++ {
		resp, err = t.next.RoundTrip(req) // want `a request of any method is re-sent after a transport error or status 500 without a check of its method or an Idempotency-Key header`
		if err != nil && !idempotent(req) {
			return nil, err
		}
		if err != nil {
			continue
		}
		if resp.StatusCode < 500 {
			return resp, nil
		}
		resp.Body.Close()
	}
	return resp, err
}

type whole struct{ next http.RoundTripper }

// Silent: the check covers both.
func (t *whole) RoundTrip(req *http.Request) (*http.Response, error) { // want RoundTrip:"sends\\(param 0\\)"
	var resp *http.Response
	var err error
	for i := 0; i < 3; i++ {
		resp, err = t.next.RoundTrip(req)
		if (err != nil || resp.StatusCode >= 500) && !idempotent(req) {
			return resp, err
		}
		if err != nil {
			continue
		}
		if resp.StatusCode < 500 {
			return resp, nil
		}
		resp.Body.Close()
	}
	return resp, err
}

type errOnly struct{ next http.RoundTripper }

// Silent: only a transport error is retried, and the check covers it.
func (t *errOnly) RoundTrip(req *http.Request) (*http.Response, error) { // want RoundTrip:"sends\\(param 0\\)"
	var resp *http.Response
	var err error
	for i := 0; i < 3; i++ {
		resp, err = t.next.RoundTrip(req)
		if err != nil && !idempotent(req) {
			return nil, err
		}
		if err == nil {
			return resp, nil
		}
	}
	return resp, err
}

func idempotent(req *http.Request) bool {
	return req.Method == http.MethodGet || req.Header.Get("Idempotency-Key") != ""
}

type counted struct {
	next     http.RoundTripper
	inFlight int
}

// The guard goes after the attempt's bookkeeping (the count of requests
// in flight) and before the response's body is closed.
func (t *counted) RoundTrip(req *http.Request) (*http.Response, error) { // want RoundTrip:"sends\\(param 0\\)" RoundTrip:`resends\(param 0 after a transport error or status 500\)`
	var resp *http.Response
	var err error
	for i := 0; i < 3; i++ {
		t.inFlight++
		resp, err = t.next.RoundTrip(req) // want `a request of any method is re-sent after a transport error or status 500 without a check`
		t.inFlight--
		if err == nil && resp.StatusCode >= 500 {
			resp.Body.Close()
		}
		if err == nil && resp.StatusCode < 500 {
			return resp, nil
		}
	}
	return resp, err
}

// A sender that hands back no response, only whether the request worked.
type poster struct{ hc *http.Client }

// It re-sends any request after a transport error and a 5xx: the fix's
// guard ends the retry on both, a 5xx becoming the error.
func (p *poster) Send(req *http.Request) error { // want Send:"sends\\(param 0\\)" Send:`resends\(param 0 after a transport error or status 500\)`
	var lastErr error
	for attempt := 0; attempt < 3; attempt++ {
		resp, err := p.hc.Do(req) // want `a request of any method is re-sent after a transport error or status 500 without a check of its method or an Idempotency-Key header`
		if err != nil {
			lastErr = err
			continue
		}
		resp.Body.Close()
		if resp.StatusCode >= 500 {
			lastErr = errors.New(resp.Status)
			continue
		}
		return nil
	}
	return lastErr
}

// The check ends the retry after a transport error only: a POST answered
// 502 is sent again.
func (p *poster) SendChecked(req *http.Request) error { // want SendChecked:"sends\\(param 0\\)" SendChecked:`resends\(param 0 after a transport error or status 500\)`
	var lastErr error
	for attempt := 0; attempt < 3; attempt++ {
		resp, err := p.hc.Do(req) // want `a request of any method is re-sent after a transport error or status 500 without a check of its method or an Idempotency-Key header`
		if err != nil && !idempotent(req) {
			return err
		}
		if err != nil {
			lastErr = err
			continue
		}
		resp.Body.Close()
		if resp.StatusCode >= 500 {
			lastErr = errors.New(resp.Status)
			continue
		}
		return nil
	}
	return lastErr
}

// Silent: the check covers both.
func (p *poster) SendGuarded(req *http.Request) error { // want SendGuarded:"sends\\(param 0\\)"
	var lastErr error
	for attempt := 0; attempt < 3; attempt++ {
		resp, err := p.hc.Do(req)
		if (err != nil || resp.StatusCode >= 500) && !idempotent(req) {
			if err == nil {
				resp.Body.Close()
				err = errors.New(resp.Status)
			}
			return err
		}
		if err != nil {
			lastErr = err
			continue
		}
		resp.Body.Close()
		if resp.StatusCode >= 500 {
			lastErr = errors.New(resp.Status)
			continue
		}
		return nil
	}
	return lastErr
}

type branches struct{ next http.RoundTripper }

// Silent: each branch of if err != nil checks the method, the status
// branch in its else.
func (t *branches) RoundTrip(req *http.Request) (*http.Response, error) { // want RoundTrip:"sends\\(param 0\\)"
	var resp *http.Response
	var err error
	for i := 0; i < 3; i++ {
		resp, err = t.next.RoundTrip(req)
		if err != nil {
			if !idempotent(req) {
				return nil, err
			}
		} else {
			if resp.StatusCode < 500 || !idempotent(req) {
				return resp, nil
			}
			resp.Body.Close()
		}
	}
	return resp, err
}
