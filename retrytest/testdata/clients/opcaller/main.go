// Command opcaller fetches a URL through a retry helper that hands each
// attempt the caller's context, and each attempt makes a 300 ms timeout
// from it: five attempts look like a 1.5 s operation, but the pauses
// between them come on top, and the caller's context has no deadline.
//
//	opcaller http://127.0.0.1:8080/report
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

func main() {
	c := &client{hc: &http.Client{}, attempts: 5}
	start := time.Now()
	err := c.fetch(context.Background(), os.Args[1])
	fmt.Printf("elapsed %v\n", time.Since(start).Round(time.Millisecond))
	if err != nil {
		fmt.Fprintln(os.Stderr, "opcaller:", err)
		os.Exit(1)
	}
	fmt.Println("ok")
}

// retry calls op with ctx until it succeeds, attempts times at most,
// pausing between attempts unless ctx ends.
func retry(ctx context.Context, attempts int, wait time.Duration, op func(context.Context) error) error {
	err := errors.New("no attempt made")
	for i := 0; i < attempts; i++ {
		if err = op(ctx); err == nil {
			return nil
		}
		select {
		case <-ctx.Done():
			return errors.Join(err, ctx.Err())
		case <-time.After(wait):
		}
	}
	return err
}

func (c *client) fetch(ctx context.Context, url string) error {
	return retry(ctx, c.attempts, pause, func(ctx context.Context) error {
		actx, cancel := context.WithTimeout(ctx, perTry)
		defer cancel()
		req, err := http.NewRequestWithContext(actx, http.MethodGet, url, nil)
		if err != nil {
			return err
		}
		resp, err := c.hc.Do(req)
		if err != nil {
			return err
		}
		resp.Body.Close()
		if resp.StatusCode != http.StatusOK {
			return fmt.Errorf("status %d", resp.StatusCode)
		}
		return nil
	})
}
