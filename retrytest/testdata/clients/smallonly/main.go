// Command smallonly fetches a URL and retries while the server throttles
// it. It has the Retry-After defect that retryafter reports as "honoured
// only below a limit": a wait longer than -max-wait is replaced by the
// client's own short backoff, so the client comes back early.
//
//	smallonly -max-wait=1s http://127.0.0.1:8080/forecast
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
		fmt.Fprintln(os.Stderr, "smallonly:", err)
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
		wait, err := waitFor(resp, attempt, maxWait)
		if err != nil {
			return nil, err
		}
		time.Sleep(wait)
	}
	return nil, errors.New("still throttled after 4 attempts")
}

// waitFor honours the server's wait when it is short, and uses the
// client's own backoff otherwise.
func waitFor(resp *http.Response, attempt int, maxWait time.Duration) (time.Duration, error) {
	if d := retryAfter(resp); d > 0 && d < maxWait {
		return d, nil
	}
	return backoff(attempt), nil
}

// retryAfter reads Retry-After in both of its forms; 0 when absent or
// malformed.
func retryAfter(resp *http.Response) time.Duration {
	v := resp.Header.Get("Retry-After")
	if t, err := http.ParseTime(v); err == nil {
		return time.Until(t)
	}
	secs, err := strconv.Atoi(v)
	if err != nil || secs < 0 {
		return 0
	}
	return time.Duration(secs) * time.Second
}

func backoff(attempt int) time.Duration {
	return 100 * time.Millisecond << attempt
}
