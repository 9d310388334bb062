// Command helperctx waits for a URL to be healthy within a one-second
// deadline: its retry waits in a select on the context, but each attempt
// is made by a helper that sends with http.Get, without the context. The
// defect that retrydeadline reports: an attempt in flight outlives the
// deadline, and a server that answers late is waited for however long it
// takes. The fix hands the context down to the helper's request.
//
//	helperctx http://127.0.0.1:8080/health
package main

import (
	"context"
	"fmt"
	"net/http"
	"os"
	"time"
)

func check(url string) error {
	resp, err := http.Get(url)
	if err != nil {
		return err
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return fmt.Errorf("health: %s", resp.Status)
	}
	return nil
}

func waitHealthy(ctx context.Context, url string) error {
	for {
		err := check(url)
		if err == nil {
			return nil
		}
		select {
		case <-ctx.Done():
			return fmt.Errorf("%w (last: %v)", ctx.Err(), err)
		case <-time.After(200 * time.Millisecond):
		}
	}
}

func main() {
	ctx, cancel := context.WithTimeout(context.Background(), time.Second)
	defer cancel()
	if err := waitHealthy(ctx, os.Args[1]); err != nil {
		fmt.Fprintln(os.Stderr, "helperctx: unhealthy:", err)
		os.Exit(1)
	}
	fmt.Println("healthy")
}
