// Package handoff holds retry loops that, on some outcome, hand the rest
// of the work to another call and leave.
package handoff

import (
	"bytes"
	"errors"
	"net/http"
	"strconv"
	"time"
)

type client struct {
	http *http.Client
	quit chan struct{}
}

func (c *client) upload(b []byte) error {
	req, err := http.NewRequest(http.MethodPost, "https://api.example.com/v1/batch", bytes.NewReader(b))
	if err != nil {
		return err
	}
	resp, err := c.http.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return errors.New(strconv.Itoa(resp.StatusCode))
	}
	return nil
}

// send retries the POST of each batch after any error; on a 421 it
// hands all the batches again to a new call of itself, which posts the
// failed batch again. Both the loop and the
// self-call repeat the write: one report, for the loop.
func (c *client) send(batches [][]byte) {
	for _, b := range batches {
		for i := 0; i < 10; i++ {
			err := c.upload(b) // want `POST is retried after a transport error without an idempotency key \(upload sends it\)`
			if err == nil {
				break
			}
			if err.Error() == "421" {
				c.send(batches)
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

// sendWhenReady waits for the server to be ready and then posts once:
// the post ends the loop, which repeats no write.
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
