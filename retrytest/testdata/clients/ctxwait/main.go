// Command ctxwait fetches a report, at most 5 times, waiting 600 ms
// between attempts with a function that takes the context and ignores it,
// the defect that retrydeadline reports: once the caller's deadline has
// passed, every wait still runs to its end, and the caller hears the
// last error long after it gave up.
//
//	ctxwait [-timeout 1s] http://127.0.0.1:8080/report
package main

import (
	"context"
	"flag"
	"fmt"
	"net/http"
	"os"
	"time"
)

// sleepCtx waits for d.
func sleepCtx(ctx context.Context, d time.Duration) {
	time.Sleep(d)
}

func fetch(ctx context.Context, url string) error {
	var err error
	for attempt := 0; attempt < 5; attempt++ {
		if attempt > 0 {
			sleepCtx(ctx, 600*time.Millisecond)
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
		fmt.Fprintln(os.Stderr, "ctxwait:", err)
		os.Exit(1)
	}
	fmt.Println("ok")
}
