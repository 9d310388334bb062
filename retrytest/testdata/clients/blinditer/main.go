// Command blinditer fetches a report, ranging over an iterator that
// yields at most 5 attempts and sleeps 600 ms between them with
// time.Sleep, under a context with a deadline, the defect that
// retrydeadline reports: once the deadline has passed the iterator keeps
// sleeping between attempts that fail at once, and the caller hears the
// last error long after it gave up.
//
//	blinditer [-timeout 1s] http://127.0.0.1:8080/report
package main

import (
	"context"
	"flag"
	"fmt"
	"iter"
	"net/http"
	"os"
	"time"
)

// attempts yields up to max attempt numbers, sleeping pause between them.
func attempts(max int, pause time.Duration) iter.Seq[int] {
	return func(yield func(int) bool) {
		for i := range max {
			if !yield(i) {
				return
			}
			time.Sleep(pause)
		}
	}
}

func fetch(ctx context.Context, url string) error {
	var err error
	for range attempts(5, 600*time.Millisecond) {
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
		fmt.Fprintln(os.Stderr, "blinditer:", err)
		os.Exit(1)
	}
	fmt.Println("ok")
}
