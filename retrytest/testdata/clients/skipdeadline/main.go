// Command skipdeadline fetches a report with a per-attempt timeout that a
// helper makes only when one is configured (-per-try; 0 skips it), and
// five attempts with no bound on them together, the defect that
// retrydeadline reports: against a server that never answers, it keeps
// sending after the 5 x per-try its timeouts suggest.
//
//	skipdeadline [-per-try 300ms] http://127.0.0.1:8080/report
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

// withTimeout makes no timeout for a duration of zero.
func withTimeout(ctx context.Context, d time.Duration) (context.Context, context.CancelFunc) {
	if d <= 0 {
		return ctx, func() {}
	}
	return context.WithTimeout(ctx, d)
}

func fetch(ctx context.Context, url string, perTry, pause time.Duration) error {
	for attempt := 0; attempt < 5; attempt++ {
		actx, cancel := withTimeout(ctx, perTry)
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
		case <-time.After(pause):
		case <-ctx.Done():
			return ctx.Err()
		}
	}
	return errors.New("giving up after 5 attempts")
}

func main() {
	perTry := flag.Duration("per-try", 0, "timeout of each attempt (0: none)")
	flag.Parse()
	start := time.Now()
	err := fetch(context.Background(), flag.Arg(0), *perTry, 100*time.Millisecond)
	fmt.Printf("elapsed %v\n", time.Since(start).Round(time.Millisecond))
	if err != nil {
		fmt.Fprintln(os.Stderr, "skipdeadline:", err)
		os.Exit(1)
	}
	fmt.Println("ok")
}
