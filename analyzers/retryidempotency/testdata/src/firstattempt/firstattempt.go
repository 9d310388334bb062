// Package firstattempt sends the first attempt before the retry loop, and
// the loop sends the same request again while the last attempt failed.
package firstattempt

import (
	"bytes"
	"net/http"
	"time"
)

// The first POST is sent before the loop: the key goes on it too.
func PostMetrics(hc *http.Client, url string, data []byte) error { // want PostMetrics:"write\\(POST\\)"
	resp, err := hc.Post(url, "text/plain", bytes.NewReader(data))
	for i := 0; i < 3 && (err != nil || resp.StatusCode >= 500); i++ {
		if resp != nil {
			resp.Body.Close()
		}
		time.Sleep(time.Duration(i+1) * time.Second)
		resp, err = hc.Post(url, "text/plain", bytes.NewReader(data)) // want `POST is retried after a transport error without an idempotency key`
	}
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// Silent: a GET, sent first before the loop the same way.
func GetMetrics(hc *http.Client, url string) error {
	resp, err := hc.Get(url)
	for i := 0; i < 3 && err != nil; i++ {
		time.Sleep(time.Duration(i+1) * time.Second)
		resp, err = hc.Get(url)
	}
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

type retryRT struct {
	next    http.RoundTripper
	retries int
}

// A transport that sends the first attempt before its loop: the guard
// goes after both sends.
func (r *retryRT) RoundTrip(req *http.Request) (*http.Response, error) { // want RoundTrip:"sends\\(param 0\\)" RoundTrip:`resends\(param 0 after a transport error or status 500\)`
	resp, err := r.next.RoundTrip(req)
	for i := 0; i < r.retries && req.GetBody != nil; i++ {
		if err == nil && resp.StatusCode < 500 {
			break
		}
		if resp != nil {
			resp.Body.Close()
		}
		req.Body, _ = req.GetBody()
		resp, err = r.next.RoundTrip(req) // want `a request of any method is re-sent after a transport error or status 500 without a check`
	}
	return resp, err
}
