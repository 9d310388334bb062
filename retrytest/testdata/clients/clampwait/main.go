// Command clampwait fetches a URL and retries while the server throttles
// it. It has the Retry-After defect that retryafter reports as "capped by
// clamp(...)": a helper bounds the server's wait to [100ms, -max-wait], so
// the client comes back early when the server asks for more.
//
//	clampwait -max-wait=1s http://127.0.0.1:8080/forecast
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
		fmt.Fprintln(os.Stderr, "clampwait:", err)
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
		wait := 100 * time.Millisecond << attempt
		if d, ok := retryAfter(resp); ok {
			wait = clamp(d, 100*time.Millisecond, maxWait)
		}
		time.Sleep(wait)
	}
	return nil, errors.New("still throttled after 4 attempts")
}

// clamp returns d within [lo, hi].
func clamp(d, lo, hi time.Duration) time.Duration {
	return max(lo, min(d, hi))
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
