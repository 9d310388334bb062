// Command sendctx fetches a report: it builds each request without a
// context and hands it the caller's at the send (Do(req.WithContext(ctx))),
// the first attempt before the loop and four more in it, 100 ms apart,
// through a client whose Timeout is set after the client is made
// (-per-try, 0 for none), with no bound on the attempts together: the
// defect that retrydeadline reports.
//
//	sendctx [-per-try 300ms] http://127.0.0.1:8080/report
package main

import (
	"context"
	"flag"
	"fmt"
	"net/http"
	"os"
	"time"
)

type client struct {
	hc    *http.Client
	url   string
	pause time.Duration
}

func newClient(url string, perTry time.Duration) *client {
	c := &client{hc: &http.Client{}, url: url, pause: 100 * time.Millisecond}
	if perTry > 0 {
		c.hc.Timeout = perTry
	}
	return c
}

func (c *client) create() (*http.Request, error) {
	return http.NewRequest(http.MethodGet, c.url, nil)
}

// fetch sends until the server answers, at most five times.
func (c *client) fetch(ctx context.Context) error {
	req, err := c.create()
	if err != nil {
		return err
	}
	resp, err := c.hc.Do(req.WithContext(ctx))
	for i := 0; i < 4 && err != nil; i++ {
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(c.pause):
		}
		if req, err = c.create(); err != nil {
			return err
		}
		resp, err = c.hc.Do(req.WithContext(ctx))
	}
	if err != nil {
		return err
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return fmt.Errorf("status %d", resp.StatusCode)
	}
	return nil
}

func main() {
	perTry := flag.Duration("per-try", 300*time.Millisecond, "timeout of each attempt (0: none)")
	flag.Parse()
	c := newClient(flag.Arg(0), *perTry)
	start := time.Now()
	err := c.fetch(context.Background())
	fmt.Printf("elapsed %v\n", time.Since(start).Round(time.Millisecond))
	if err != nil {
		fmt.Fprintln(os.Stderr, "sendctx:", err)
		os.Exit(1)
	}
	fmt.Println("ok")
}
