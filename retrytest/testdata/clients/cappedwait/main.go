// Command cappedwait fetches a URL and retries while the server throttles
// it. It has two Retry-After defects that retryafter reports: it caps the
// server's wait at -max-wait, and it parses the header only as seconds, so
// an HTTP-date is lost and a short backoff is used instead.
//
//	cappedwait -max-wait=1s http://127.0.0.1:8080/forecast
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"net/http"
	"os"
	"strconv"
	"time"
)

func main() {
	maxWait := flag.Duration("max-wait", time.Second, "the longest wait the client accepts")
	flag.Parse()
	body, err := fetch(flag.Arg(0), *maxWait)
	if err != nil {
		fmt.Fprintln(os.Stderr, "cappedwait:", err)
		os.Exit(1)
	}
	fmt.Printf("ok: %s\n", body)
}

// fetch gets url, retrying 429 and 503 answers up to four attempts in all.
func fetch(url string, maxWait time.Duration) ([]byte, error) {
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
		wait := retryAfter(resp)
		if wait == 0 {
			wait = backoff(attempt)
		}
		time.Sleep(min(wait, maxWait))
	}
	return nil, errors.New("still throttled after 4 attempts")
}

// retryAfter reads Retry-After as a number of seconds.
func retryAfter(resp *http.Response) time.Duration {
	secs, err := strconv.Atoi(resp.Header.Get("Retry-After"))
	if err != nil {
		return 0
	}
	return time.Duration(secs) * time.Second
}

func backoff(attempt int) time.Duration {
	return 100 * time.Millisecond << attempt
}
