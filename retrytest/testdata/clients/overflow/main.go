// Command overflow fetches a URL and retries while the server throttles
// it. It has the Retry-After defect that retryafter reports with
// -retryafter.overflow: the number of seconds is checked for its sign but
// not for its size, and multiplied into a time.Duration, so a value too
// large for one (Retry-After: 10000000000) wraps around into a negative
// wait, and the client comes back at once.
//
//	overflow http://127.0.0.1:8080/forecast
package main

import (
	"errors"
	"fmt"
	"io"
	"net/http"
	"os"
	"strconv"
	"time"
)

func main() {
	body, err := fetch(os.Args[1])
	if err != nil {
		fmt.Fprintln(os.Stderr, "overflow:", err)
		os.Exit(1)
	}
	fmt.Printf("ok: %s\n", body)
}

// fetch gets url, retrying 429 and 503 answers up to three attempts in all.
func fetch(url string) ([]byte, error) {
	for attempt := 0; attempt < 3; attempt++ {
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
	return nil, errors.New("still throttled after 3 attempts")
}

// waitFor waits as long as the server asked, in either form, or backs off
// when the value is missing or malformed.
func waitFor(resp *http.Response, attempt int) time.Duration {
	v := resp.Header.Get("Retry-After")
	if t, err := http.ParseTime(v); err == nil {
		return time.Until(t)
	}
	secs, err := strconv.ParseInt(v, 10, 64)
	if err != nil || secs < 0 {
		return 500 * time.Millisecond << attempt
	}
	return time.Duration(secs) * time.Second
}
