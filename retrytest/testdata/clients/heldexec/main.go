// Command heldexec fetches a report through a retry helper that runs the
// operation its struct holds and keeps the caller's context in a field,
// under a context with a deadline, with the two defects that
// retrydeadline reports: the client keeps the caller's context and puts it
// on every request, but makes the helper without it; and the helper checks
// its context between attempts, but sleeps with time.Sleep. Once the
// deadline has passed it keeps sleeping until its attempts run out.
//
//	heldexec [-timeout 1s] http://127.0.0.1:8080/report
package main

import (
	"context"
	"flag"
	"fmt"
	"net/http"
	"os"
	"time"
)

// RetryExecutor runs Handler until it answers false, MaxRetries more
// times at most, Interval apart.
type RetryExecutor struct {
	Context    context.Context
	MaxRetries int
	Interval   time.Duration
	Handler    func() (shouldRetry bool, err error)
}

func (r *RetryExecutor) Execute() error {
	var err error
	for i := 0; i <= r.MaxRetries; i++ {
		var again bool
		again, err = r.Handler()
		if !again {
			return err
		}
		if r.Context != nil && r.Context.Err() != nil {
			return r.Context.Err()
		}
		if i < r.MaxRetries {
			time.Sleep(r.Interval)
		}
	}
	return err
}

type client struct {
	hc  *http.Client
	ctx context.Context
}

// fetch gets url, at most 5 times, 600 ms apart.
func (c *client) fetch(url string) error {
	e := RetryExecutor{
		MaxRetries: 4,
		Interval:   600 * time.Millisecond,
		Handler: func() (bool, error) {
			req, err := http.NewRequestWithContext(c.ctx, http.MethodGet, url, nil)
			if err != nil {
				return false, err
			}
			resp, err := c.hc.Do(req)
			if err != nil {
				return true, err
			}
			resp.Body.Close()
			if resp.StatusCode != http.StatusOK {
				return true, fmt.Errorf("status %d", resp.StatusCode)
			}
			return false, nil
		},
	}
	return e.Execute()
}

func main() {
	timeout := flag.Duration("timeout", time.Second, "how long the caller waits")
	flag.Parse()
	ctx, cancel := context.WithTimeout(context.Background(), *timeout)
	defer cancel()
	c := &client{hc: http.DefaultClient, ctx: ctx}
	start := time.Now()
	err := c.fetch(flag.Arg(0))
	fmt.Printf("elapsed %v\n", time.Since(start))
	if err != nil {
		fmt.Fprintln(os.Stderr, "heldexec:", err)
		os.Exit(1)
	}
	fmt.Println("ok")
}
