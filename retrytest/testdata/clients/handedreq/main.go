// Command handedreq fetches a report by handing the request it built to a
// helper that times out each attempt from the request's own context
// (-per-try), and five attempts with no bound on them together, the defect
// that retrydeadline reports: against a server that never answers, it
// keeps sending after the 5 x per-try its timeouts suggest.
//
//	handedreq [-per-try 300ms] http://127.0.0.1:8080/report
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

// doOnce makes each attempt's timeout from the context of the request it
// is handed.
func doOnce(req *http.Request, timeout time.Duration) error {
	ctx, cancel := context.WithTimeout(req.Context(), timeout)
	defer cancel()
	resp, err := http.DefaultClient.Do(req.WithContext(ctx))
	if err != nil {
		return err
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return fmt.Errorf("status %d", resp.StatusCode)
	}
	return nil
}

func fetch(req *http.Request, perTry, pause time.Duration) error {
	for i := 0; i < 5; i++ {
		if err := doOnce(req, perTry); err == nil {
			return nil
		}
		select {
		case <-time.After(pause):
		case <-req.Context().Done():
			return req.Context().Err()
		}
	}
	return errors.New("giving up after 5 attempts")
}

func main() {
	perTry := flag.Duration("per-try", 300*time.Millisecond, "timeout of each attempt")
	flag.Parse()
	req, err := http.NewRequestWithContext(context.Background(), http.MethodGet, flag.Arg(0), nil)
	if err != nil {
		fmt.Fprintln(os.Stderr, "handedreq:", err)
		os.Exit(2)
	}
	start := time.Now()
	err = fetch(req, *perTry, 100*time.Millisecond)
	fmt.Printf("elapsed %v\n", time.Since(start).Round(time.Millisecond))
	if err != nil {
		fmt.Fprintln(os.Stderr, "handedreq:", err)
		os.Exit(1)
	}
	fmt.Println("ok")
}
