// Package handoff holds retry loops that, on some outcome, hand the rest
// of the work to another call and leave: the call after which the loop
// always leaves is no attempt of the loop.
package handoff

import (
	"bytes"
	"errors"
	"net/http"
	"time"
)

type client struct {
	http *http.Client
	quit chan struct{}
}

func newClient() *client {
	return &client{http: &http.Client{Timeout: 10 * time.Second}, quit: make(chan struct{})}
}

var errMoved = errors.New("moved")

func (c *client) upload(b []byte) error {
	req, err := http.NewRequest(http.MethodPut, "https://api.example.com/v1/batch", bytes.NewReader(b))
	if err != nil {
		return err
	}
	resp, err := c.http.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	if resp.StatusCode == http.StatusMisdirectedRequest {
		return errMoved
	}
	if resp.StatusCode >= 500 {
		return errors.New("server error")
	}
	return nil
}

// send retries each batch ten times, each attempt bounded by the client's
// Timeout and nothing bounding the whole; on a 421 it hands the batches
// left, regrouped, to a new call of itself and leaves. The self-call
// sends other data, but the loop never runs again after it: the loop
// still retries the same batch.
func (c *client) send(batches [][]byte) {
	for k, b := range batches {
		for i := 0; i < 10; i++ {
			err := c.upload(b) // want `per-attempt timeout \(http.Client.Timeout of the send in upload\) inside retry loop but no overall deadline`
			if err == nil {
				break
			}
			if errors.Is(err, errMoved) {
				rest := regroup(batches[k:])
				c.send(rest)
				return
			}
			select {
			case <-time.After(time.Duration(100<<i) * time.Millisecond):
			case <-c.quit:
				return
			}
		}
	}
}

// regroup joins the batches left into one.
func regroup(batches [][]byte) [][]byte {
	return [][]byte{bytes.Join(batches, nil)}
}

// sendWhenReady waits for the server to be ready and then sends once:
// the send ends the loop, so the loop retries no request and its
// client's Timeout bounds the one attempt.
func (c *client) sendWhenReady(ready func() bool, b []byte) error {
	for i := 0; i < 10; i++ {
		if ready() {
			return c.upload(b)
		}
		select {
		case <-time.After(time.Second):
		case <-c.quit:
			return errors.New("closed")
		}
	}
	return errors.New("not ready")
}
