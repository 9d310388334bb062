// Command maxretries fetches a URL with a timeout on each attempt and a
// retry limit read at run time, but no deadline on the whole operation,
// the defect that retrydeadline reports: with -max-retries=N the N+1
// attempts of 300 ms each look like an (N+1)*300 ms operation, but the
// pauses between them come on top.
//
//	maxretries -max-retries=2 http://127.0.0.1:8080/report
package main

import (
	"context"
	"flag"
	"fmt"
	"net/http"
	"os"
	"time"
)

const (
	perTry = 300 * time.Millisecond
	pause  = 450 * time.Millisecond
)

type client struct {
	MaxRetries int
}

func main() {
	maxRetries := flag.Int("max-retries", 2, "retries after the first attempt")
	flag.Parse()
	c := &client{MaxRetries: *maxRetries}
	start := time.Now()
	err := c.fetch(flag.Arg(0))
	fmt.Printf("elapsed %v\n", time.Since(start).Round(time.Millisecond))
	if err != nil {
		fmt.Fprintln(os.Stderr, "maxretries:", err)
		os.Exit(1)
	}
	fmt.Println("ok")
}

func (c *client) fetch(url string) error {
	for attempt := 0; ; attempt++ {
		ctx, cancel := context.WithTimeout(context.Background(), perTry)
		req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
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
			err = fmt.Errorf("status %d", resp.StatusCode)
		}
		cancel()
		if attempt == c.MaxRetries {
			return fmt.Errorf("giving up after %d attempts: %w", attempt+1, err)
		}
		time.Sleep(pause)
	}
}
