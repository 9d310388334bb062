// Command nodeadline fetches a URL with a timeout on each attempt and no
// deadline on the whole operation, the defect that retrydeadline reports:
// five attempts of 300 ms each look like a 1.5 s operation, but the pauses
// between them come on top, and nothing stops the attempts once 1.5 s
// have passed.
//
//	nodeadline http://127.0.0.1:8080/report
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
		fmt.Fprintln(os.Stderr, "nodeadline:", err)
		os.Exit(1)
	}
	fmt.Println("ok")
}

func fetch(url string) error {
	for attempt := 0; attempt < 5; attempt++ {
		ctx, cancel := context.WithTimeout(context.Background(), perTry)
		req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
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
		time.Sleep(pause)
	}
	return errors.New("giving up after 5 attempts")
}
