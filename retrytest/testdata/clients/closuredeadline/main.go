// Command closuredeadline fetches a URL with an attempt written as a
// closure made before its retry loop: the closure makes a timeout on each
// call, and nothing bounds the whole operation, the defect that
// retrydeadline reports. The fix puts the overall deadline before the
// closure, so that each attempt's timeout derives from it.
//
//	closuredeadline http://127.0.0.1:8080/report
package main

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"os"
	"time"
)

const (
	perTry = 300 * time.Millisecond
	pause  = 300 * time.Millisecond
)

func main() {
	start := time.Now()
	err := fetch(os.Args[1])
	fmt.Printf("elapsed %v\n", time.Since(start).Round(time.Millisecond))
	if err != nil {
		fmt.Fprintln(os.Stderr, "closuredeadline:", err)
		os.Exit(1)
	}
	fmt.Println("ok")
}

func fetch(url string) error {
	try := func() error {
		ctx, cancel := context.WithTimeout(context.Background(), perTry)
		defer cancel()
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
	for attempt := 0; attempt < 5; attempt++ {
		if try() == nil {
			return nil
		}
		time.Sleep(pause)
	}
	return errors.New("giving up after 5 attempts")
}
