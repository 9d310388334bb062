// Package attemptarg hands the loop's counter to the function that makes
// each attempt: an attempt counter, when the wait between attempts grows
// with it, leaves the request the same; a page number makes another
// request.
package attemptarg

import (
	"errors"
	"fmt"
	"net/http"
	"time"
)

type handler struct {
	client *http.Client
	url    string
}

func newHandler(url string) *handler {
	return &handler{client: &http.Client{Timeout: 45 * time.Second}, url: url}
}

func backoff(attempt int, base time.Duration) {
	time.Sleep(base << attempt)
}

// attempt sends once; after a failure it waits by the attempt number.
func (h *handler) attempt(n int) (stop bool, err error) {
	resp, err := h.client.Get(h.url)
	if err != nil {
		backoff(n, 150*time.Millisecond)
		return false, err
	}
	resp.Body.Close()
	if resp.StatusCode >= 500 {
		backoff(n, 150*time.Millisecond)
		return false, fmt.Errorf("status %d", resp.StatusCode)
	}
	return true, nil
}

// ---- must flag ----

// send retries the GET: the counter it hands attempt sizes the waits.
func (h *handler) send() error {
	for n := 0; n <= 5; n++ {
		stop, err := h.attempt(n) // want `per-attempt timeout \(http.Client.Timeout of the send in attempt\) inside retry loop but no overall deadline`
		if stop {
			return err
		}
	}
	return errors.New("max retries exceeded")
}

// ---- must stay silent ----

// page fetches one page; it waits a fixed pause for the rate limit.
func (h *handler) page(p int) (more bool, err error) {
	time.Sleep(100 * time.Millisecond)
	resp, err := h.client.Get(fmt.Sprintf("%s?page=%d", h.url, p))
	if err != nil {
		return false, err
	}
	resp.Body.Close()
	return resp.StatusCode == http.StatusOK, nil
}

// all reads every page, skipping one that fails: the page number makes
// each request another.
func (h *handler) all() error {
	for p := 1; p <= 50; p++ {
		more, err := h.page(p)
		if err != nil {
			continue
		}
		if !more {
			return nil
		}
	}
	return nil
}

// after sends req once its wait has passed.
func (h *handler) after(req *http.Request, wait time.Duration) (*http.Response, error) { // want after:`sendsreq\(param 0, 45s, recv.client.Timeout\)`
	time.Sleep(wait)
	return h.client.Do(req)
}

func waitOf(resp *http.Response) time.Duration {
	if resp.Header.Get("Retry-After") != "" {
		return 5 * time.Second
	}
	return time.Second
}

// poll asks again while the operation is accepted, each wait read from
// the last response: the response handed on is not an attempt counter.
func (h *handler) poll(req *http.Request) (*http.Response, error) { // want poll:`sendsreq\(param 0, 45s, recv.client.Timeout\)`
	resp, err := h.client.Do(req)
	for err == nil && resp.StatusCode == http.StatusAccepted {
		resp.Body.Close()
		resp, err = h.after(req, waitOf(resp))
	}
	return resp, err
}

var _ = newHandler
