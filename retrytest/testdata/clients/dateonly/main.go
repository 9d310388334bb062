// Command dateonly fetches a URL and retries while the server throttles
// it. It has the Retry-After defect that retryafter reports as "parsed only
// as an HTTP-date": a wait in seconds, the form servers usually send, is
// not understood, and the client's own short backoff is used instead.
//
//	dateonly http://127.0.0.1:8080/forecast
package main

import (
	"errors"
	"fmt"
	"io"
	"net/http"
	"os"
	"time"
)

func main() {
	body, err := fetch(os.Args[1])
	if err != nil {
		fmt.Fprintln(os.Stderr, "dateonly:", err)
		os.Exit(1)
	}
	fmt.Printf("ok: %s\n", body)
}

// fetch gets url, retrying 429 and 503 answers up to four attempts in all.
func fetch(url string) ([]byte, error) {
	for attempt := 0; attempt < 4; attempt++ {
		resp, err := http.Get(url)
		if err != nil {
			return nil, err
		}
		if resp.StatusCode != http.StatusTooManyRequests && resp.StatusCode != http.StatusServiceUnavailable {
			defer resp.Body.Close()
			return io.ReadAll(resp.Body)
		}
		resp.Body.Close()
		time.Sleep(waitFor(resp, attempt))
	}
	return nil, errors.New("still throttled after 4 attempts")
}

// waitFor waits until the date the server gave, or backs off.
func waitFor(resp *http.Response, attempt int) time.Duration {
	if t, err := http.ParseTime(resp.Header.Get("Retry-After")); err == nil {
		return time.Until(t)
	}
	return 100 * time.Millisecond << attempt
}
