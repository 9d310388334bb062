// Command bigfallback fetches a URL and retries while the server throttles
// it. It has the Retry-After defect that retryafter reports as "replaced
// by the client's own wait": a wait longer than -max-wait is dropped for
// the client's own short backoff, so the client comes back early.
//
//	bigfallback -max-wait=1s http://127.0.0.1:8080/forecast
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"log"
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
		fmt.Fprintln(os.Stderr, "bigfallback:", err)
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
		wait, ok := retryAfter(resp)
		if !ok {
			wait = backoff(attempt)
		}
		if wait > maxWait {
			log.Printf("wait %v is over %v: using backoff", wait, maxWait)
			wait = backoff(attempt)
		}
		time.Sleep(wait)
	}
	return nil, errors.New("still throttled after 4 attempts")
}

// retryAfter reads Retry-After in both of its forms; ok is false when it
// is absent or malformed.
func retryAfter(resp *http.Response) (time.Duration, bool) {
	v := resp.Header.Get("Retry-After")
	if t, err := http.ParseTime(v); err == nil {
		return time.Until(t), true
	}
	secs, err := strconv.Atoi(v)
	if err != nil || secs < 0 {
		return 0, false
	}
	return time.Duration(secs) * time.Second, true
}

func backoff(attempt int) time.Duration {
	return 100 * time.Millisecond << attempt
}
