// Command blindcallee fetches a report through a retry helper of another
// package whose wait takes no context, under a context with a deadline,
// the defect that retrydeadline reports: the helper sleeps with
// time.Sleep, so once the deadline has passed it keeps sleeping until its
// attempts run out, and the caller hears the last error long after it
// gave up.
//
//	blindcallee [-timeout 1s] http://127.0.0.1:8080/report
package main

import (
	"context"
	"flag"
	"fmt"
	"net/http"
	"os"
	"time"

	"example.com/clients/blindcallee/retryutil"
)

// fetch gets url, at most 5 times, 600 ms apart.
func fetch(ctx context.Context, url string) error {
	try := func() error {
		req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
		if err != nil {
			return err
		}
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			return err
		}
		resp.Body.Close()
		if resp.StatusCode != http.StatusOK {
			return fmt.Errorf("status %d", resp.StatusCode)
		}
		return nil
	}
	return retryutil.Do(5, 600*time.Millisecond, try)
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
		fmt.Fprintln(os.Stderr, "blindcallee:", err)
		os.Exit(1)
	}
	fmt.Println("ok")
}
