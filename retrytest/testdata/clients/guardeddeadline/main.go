// Command guardeddeadline fetches a report with a per-attempt timeout that
// is made only when one is configured (-per-try), and five attempts with
// no bound on them together, the defect that retrydeadline reports:
// against a server that never answers, it keeps sending after the
// 5 x per-try its timeouts suggest.
//
//	guardeddeadline [-per-try 300ms] http://127.0.0.1:8080/report
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"net/http"
	"os"
	"time"
)

type client struct {
	perTry time.Duration // 0: none
	pause  time.Duration
}

func (c *client) fetch(ctx context.Context, url string) error {
	for attempt := 0; attempt < 5; attempt++ {
		actx, cancel := ctx, context.CancelFunc(func() {})
		if c.perTry > 0 {
			actx, cancel = context.WithTimeout(ctx, c.perTry)
		}
		req, err := http.NewRequestWithContext(actx, http.MethodGet, url, nil)
		if err != nil {
			cancel()
			return err
		}
		resp, err := http.DefaultClient.Do(req)
		if err == nil {
			resp.Body.Close()
			if resp.StatusCode == http.StatusOK {
				cancel()
				return nil
			}
		}
		cancel()
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(c.pause):
		}
	}
	return errors.New("giving up after 5 attempts")
}

func main() {
	perTry := flag.Duration("per-try", 0, "timeout of each attempt (0: none)")
	flag.Parse()
	c := &client{perTry: *perTry, pause: 100 * time.Millisecond}
	start := time.Now()
	err := c.fetch(context.Background(), flag.Arg(0))
	fmt.Printf("elapsed %v\n", time.Since(start).Round(time.Millisecond))
	if err != nil {
		fmt.Fprintln(os.Stderr, "guardeddeadline:", err)
		os.Exit(1)
	}
	fmt.Println("ok")
}
