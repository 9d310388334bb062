// Command unitwait fetches a report, retrying a 503 up to four attempts
// with a one-second pause between them, under a caller's context with a
// deadline. The pause is pause.Seconds, a sleep helper of another package
// that counts in seconds and ignores the context, the defect that
// retrydeadline reports: once the deadline has passed the client keeps
// pausing (each attempt now failing at once) until its attempts run out.
//
//	unitwait [-timeout 1.5s] http://127.0.0.1:8080/report
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"net/http"
	"os"
	"time"

	"example.com/clients/unitwait/pause"
)

func fetch(ctx context.Context, url string) error {
	err := errors.New("no attempt made")
	for attempt := 1; attempt <= 4; attempt++ {
		req, rerr := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
		if rerr != nil {
			return rerr
		}
		resp, derr := http.DefaultClient.Do(req)
		if derr == nil {
			resp.Body.Close()
			if resp.StatusCode == http.StatusOK {
				return nil
			}
			derr = fmt.Errorf("report: %s", resp.Status)
		}
		err = derr
		if attempt < 4 {
			pause.Seconds(1)
		}
	}
	return err
}

func main() {
	timeout := flag.Duration("timeout", 1500*time.Millisecond, "how long the caller waits")
	flag.Parse()
	if flag.NArg() != 1 {
		fmt.Fprintln(os.Stderr, "usage: unitwait [-timeout d] URL")
		os.Exit(2)
	}
	ctx, cancel := context.WithTimeout(context.Background(), *timeout)
	defer cancel()
	start := time.Now()
	err := fetch(ctx, flag.Arg(0))
	fmt.Printf("elapsed %v\n", time.Since(start))
	if err != nil {
		fmt.Fprintln(os.Stderr, "unitwait:", err)
		os.Exit(1)
	}
	fmt.Println("ok")
}
