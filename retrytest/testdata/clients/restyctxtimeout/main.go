// Command restyctxtimeout fetches a report through a resty v3 client that
// retries twice with a 300 ms SetTimeout and 100 ms between attempts, from
// a function that has the caller's context at hand and does not hand it to
// the request, the defect that retrydeadline reports: the attempts and the
// waits ignore the caller's deadline. main gives the call a context with a
// deadline (-deadline).
//
//	restyctxtimeout -deadline 3s http://127.0.0.1:8080/report
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"os"
	"time"

	"resty.dev/v3"
)

type api struct{ c *resty.Client }

func newAPI() *api {
	c := resty.New()
	c.SetRetryCount(2)
	c.SetTimeout(300 * time.Millisecond)
	c.SetRetryWaitTime(100 * time.Millisecond)
	c.SetRetryMaxWaitTime(100 * time.Millisecond)
	return &api{c: c}
}

func (a *api) report(ctx context.Context, url string) (int, error) {
	resp, err := a.c.R().Get(url)
	if err != nil {
		return 0, err
	}
	return resp.StatusCode(), nil
}

func main() {
	deadline := flag.Duration("deadline", 3*time.Second, "the caller's deadline")
	flag.Parse()
	if flag.NArg() != 1 {
		fmt.Fprintln(os.Stderr, "usage: restyctxtimeout [-deadline d] URL")
		os.Exit(2)
	}
	ctx, cancel := context.WithTimeout(context.Background(), *deadline)
	defer cancel()
	start := time.Now()
	status, err := newAPI().report(ctx, flag.Arg(0))
	fmt.Printf("elapsed %v\n", time.Since(start))
	if err != nil {
		fmt.Fprintln(os.Stderr, "restyctxtimeout:", err)
		if errors.Is(err, context.DeadlineExceeded) {
			fmt.Fprintln(os.Stderr, "the caller's deadline passed")
		}
		os.Exit(1)
	}
	fmt.Println(status)
}
