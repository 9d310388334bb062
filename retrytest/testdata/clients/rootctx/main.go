// Command rootctx fetches a report through a client whose Timeout bounds
// each attempt (-per-try), with requests it makes in the loop with
// context.Background(), and five attempts with no bound on them together, the
// defect that retrydeadline reports: against a server that never answers,
// it keeps sending after the 5 x per-try its timeouts suggest.
//
//	rootctx [-per-try 300ms] http://127.0.0.1:8080/report
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
	url   string
	hc    *http.Client
	pause time.Duration
}

func (c *client) fetch() error {
	for attempt := 0; attempt < 5; attempt++ {
		req, err := http.NewRequestWithContext(context.Background(), http.MethodGet, c.url, nil)
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
		time.Sleep(c.pause)
	}
	return errors.New("giving up after 5 attempts")
}

func main() {
	perTry := flag.Duration("per-try", 300*time.Millisecond, "timeout of each attempt")
	flag.Parse()
	c := &client{url: flag.Arg(0), hc: &http.Client{Timeout: *perTry}, pause: 100 * time.Millisecond}
	start := time.Now()
	err := c.fetch()
	fmt.Printf("elapsed %v\n", time.Since(start).Round(time.Millisecond))
	if err != nil {
		fmt.Fprintln(os.Stderr, "rootctx:", err)
		os.Exit(1)
	}
	fmt.Println("ok")
}
