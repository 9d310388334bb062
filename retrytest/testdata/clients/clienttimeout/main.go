// Command clienttimeout fetches a URL through a client whose
// http.Client.Timeout, set by its constructor, bounds each attempt, and
// nothing bounds the operation: five attempts of 300 ms each look like a
// 1.5 s operation, but the pauses between them come on top, and the
// caller's context has no deadline.
//
//	clienttimeout http://127.0.0.1:8080/report
package main

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"os"
	"time"
)

const (
	perTry = 300 * time.Millisecond
	pause  = 300 * time.Millisecond
)

type client struct {
	hc       *http.Client
	attempts int
}

func newClient() *client {
	return &client{hc: &http.Client{Timeout: perTry}, attempts: 5}
}

func main() {
	start := time.Now()
	err := newClient().fetch(context.Background(), os.Args[1])
	fmt.Printf("elapsed %v\n", time.Since(start).Round(time.Millisecond))
	if err != nil {
		fmt.Fprintln(os.Stderr, "clienttimeout:", err)
		os.Exit(1)
	}
	fmt.Println("ok")
}

func (c *client) fetch(ctx context.Context, url string) error {
	for attempt := 0; attempt < c.attempts; attempt++ {
		req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
		if err != nil {
			return err
		}
		resp, err := c.hc.Do(req)
		if err == nil {
			resp.Body.Close()
			if resp.StatusCode == http.StatusOK {
				return nil
			}
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(pause):
		}
	}
	return errors.New("giving up after 5 attempts")
}
