// Package tickerstop: a loop that polls on a ticker until its context
// ends sends again after a success as after a failure: each poll is an
// operation of its own, bounded by its own timeout, and the loop no
// retry. The same loop that stops at the first success retries.
package tickerstop

import (
	"context"
	"log"
	"net/http"
	"time"
)

type Client struct {
	hc  *http.Client
	url string
}

func (c *Client) poll(ctx context.Context) error {
	ctx, cancel := context.WithTimeout(ctx, 5*time.Second)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, c.url, nil)
	if err != nil {
		return err
	}
	resp, err := c.hc.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// Start polls every minute until ctx ends, keeping the last snapshot on
// a failure: must stay silent.
func (c *Client) Start(ctx context.Context) { // want Start:"owntimeout\\(5s\\) from param 0"
	t := time.NewTicker(time.Minute)
	defer t.Stop()
	for {
		if err := c.poll(ctx); err != nil {
			log.Print(err)
		}
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
	}
}

// Wait polls until the first success: a retry of the poll, each attempt
// with its own timeout and none over them all: must flag.
func (c *Client) Wait() error { // want Wait:"owntimeout\\(5s\\)"
	t := time.NewTicker(time.Second)
	defer t.Stop()
	for {
		if err := c.poll(context.Background()); err == nil { // want `per-attempt timeout \(made by poll from context.Background\(\)\) inside retry loop but no overall deadline`
			return nil
		}
		<-t.C
	}
}
