// Command fallthrough fetches a URL and retries while the server throttles
// it. It has the Retry-After defect that retryafter reports as "the error
// of strconv.Atoi on a Retry-After value is dropped": a value that is
// neither an HTTP-date nor a number becomes a zero wait, and the client
// comes back at once instead of backing off.
//
//	fallthrough http://127.0.0.1:8080/forecast
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
		fmt.Fprintln(os.Stderr, "fallthrough:", err)
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
		time.Sleep(delay(resp, attempt))
	}
	return nil, errors.New("still throttled after 3 attempts")
}

// delay waits as long as the server asked, in either form, and backs off
// when it gave no Retry-After.
func delay(resp *http.Response, attempt int) time.Duration {
	if v := resp.Header.Get("Retry-After"); v != "" {
		if t, err := http.ParseTime(v); err == nil {
			return time.Until(t)
		}
		secs, _ := strconv.Atoi(v)
		return time.Duration(secs) * time.Second
	}
	return 500 * time.Millisecond << attempt
}
