// Command peritem fetches each URL it is given, retrying each one with a
// timeout per attempt and nothing that bounds the retry of one URL, the
// defect retrydeadline reports. A URL that fails is reported and the next
// one is fetched; the exit status says whether any failed. The fix bounds
// the retry of each URL by a budget, spent like the last attempt: the
// failure is reported and the next URL fetched, as before.
//
//	peritem http://127.0.0.1:8080/a http://127.0.0.1:8080/b
package main

import (
	"context"
	"fmt"
	"net/http"
	"os"
	"time"
)

const perTry = 300 * time.Millisecond

// waits before each attempt, as a batch sender's schedule.
var waits = []time.Duration{0, 300 * time.Millisecond, 600 * time.Millisecond, 900 * time.Millisecond}

func main() {
	if err := fetchAll(context.Background(), os.Args[1:]); err != nil {
		fmt.Fprintln(os.Stderr, "peritem:", err)
		os.Exit(1)
	}
}

func fetchAll(ctx context.Context, urls []string) error {
	failed := 0
	for _, u := range urls {
		var err error
		for _, w := range waits {
			select {
			case <-ctx.Done():
				return ctx.Err()
			case <-time.After(w):
			}
			actx, cancel := context.WithTimeout(ctx, perTry)
			var req *http.Request
			req, err = http.NewRequestWithContext(actx, http.MethodGet, u, nil)
			if err != nil {
				cancel()
				return err
			}
			var resp *http.Response
			resp, err = http.DefaultClient.Do(req)
			if err == nil {
				resp.Body.Close()
				if resp.StatusCode != http.StatusOK {
					err = fmt.Errorf("%s", resp.Status)
				}
			}
			cancel()
			if err == nil {
				break
			}
		}
		if err != nil {
			fmt.Fprintf(os.Stderr, "failed %s: %v\n", u, err)
			failed++
			continue
		}
		fmt.Println("ok", u)
	}
	if failed > 0 {
		return fmt.Errorf("%d of %d failed", failed, len(urls))
	}
	return nil
}
