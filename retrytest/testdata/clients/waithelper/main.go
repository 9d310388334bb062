// Command waithelper fetches a report, at most 5 times, waiting between
// attempts with a back-off helper that computes its wait (600 ms, with a
// jitter that here is none) and sleeps it without a context, the defect
// that retrydeadline reports: once the caller's deadline has passed,
// every wait still runs to its end, and the caller hears the last error
// long after it gave up.
//
//	waithelper [-timeout 1s] http://127.0.0.1:8080/report
package main

import (
	"context"
	"flag"
	"fmt"
	"net/http"
	"os"
	"time"
)

// jitter is the spread of the waits; none, so that the test's timing is
// exact.
var jitter time.Duration

// backoff waits before the next attempt.
func backoff(attempt int) {
	d := 600 * time.Millisecond
	if jitter > 0 {
		d += time.Duration(attempt) * jitter
	}
	time.Sleep(d)
}

func fetch(ctx context.Context, url string) error {
	var err error
	for attempt := 0; attempt < 5; attempt++ {
		if attempt > 0 {
			backoff(attempt)
		}
		var req *http.Request
		req, err = http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
		if err != nil {
			return err
		}
		var resp *http.Response
		resp, err = http.DefaultClient.Do(req)
		if err != nil {
			continue
		}
		resp.Body.Close()
		if resp.StatusCode == http.StatusOK {
			return nil
		}
		err = fmt.Errorf("status %d", resp.StatusCode)
	}
	return err
}

func main() {
	timeout := flag.Duration("timeout", time.Second, "how long the caller waits")
	flag.Parse()
	ctx, cancel := context.WithTimeout(context.Background(), *timeout)
	defer cancel()
	start := time.Now()
	err := fetch(ctx, flag.Arg(0))
	fmt.Printf("elapsed %v\n", time.Since(start))
	if err != nil {
		fmt.Fprintln(os.Stderr, "waithelper:", err)
		os.Exit(1)
	}
	fmt.Println("ok")
}
