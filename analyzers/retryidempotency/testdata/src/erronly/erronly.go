// Package erronly retries writes sent by a helper that is handed the
// request and returns only an error, which stands for any outcome.
package erronly

import (
	"bytes"
	"errors"
	"net/http"
	"time"
)

func do(req *http.Request) error {
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	if resp.StatusCode >= 500 {
		return errors.New("server error")
	}
	return nil
}

func newOrder(body []byte) *http.Request {
	req, _ := http.NewRequest(http.MethodPost, "https://api.example/orders", bytes.NewReader(body))
	return req
}

// retried sends the order again after any error: reported.
func retried(body []byte) error {
	var err error
	for range 3 {
		req := newOrder(body)
		if err = do(req); err == nil { // want `POST is retried after a transport error without an idempotency key`
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

// oneLine builds and sends in a function literal written on one line,
// which a retry helper calls again: reported, and the fix writes the
// literal out a statement a line.
func oneLine(body []byte) error {
	return retry(func() error { req := newOrder(body); return do(req) }) // want `POST is retried by retry after a transport error without an idempotency key`
}

func retry(op func() error) error {
	var err error
	for range 3 {
		if err = op(); err == nil {
			return nil
		}
	}
	return err
}

// Silent: an error ends the loop, which sends one order per item.
func each(bodies [][]byte) error {
	for _, b := range bodies {
		req := newOrder(b)
		if err := do(req); err != nil {
			return err
		}
	}
	return nil
}
