// Command clockbudget fetches a URL, retrying failures until a budget
// measured on the clock is spent. Each attempt gets its own timeout from
// a context detached from the caller's, so the clock check between
// attempts does not cancel the attempt in flight, which runs its whole
// timeout past the budget: the defect that retrydeadline reports. The
// fix makes the budget a deadline that the attempts derive from.
//
//	clockbudget http://127.0.0.1:8080/report
package main

import (
	"context"
	"fmt"
	"net/http"
	"os"
	"time"
)

const (
	budget = 1 * time.Second
	perTry = 700 * time.Millisecond
	pause  = 100 * time.Millisecond
)

func main() {
	if err := fetch(context.Background(), os.Args[1]); err != nil {
		fmt.Fprintln(os.Stderr, "clockbudget:", err)
		os.Exit(1)
	}
	fmt.Println("ok")
}

func get(ctx context.Context, url string) error {
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
		return fmt.Errorf("fetch: %s", resp.Status)
	}
	return nil
}

func fetch(ctx context.Context, url string) error {
	start := time.Now()
	for {
		tctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), perTry)
		err := get(tctx, url)
		cancel()
		if err == nil {
			return nil
		}
		if time.Since(start) > budget {
			return err
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(pause):
		}
	}
}
