// Command zeroreset fetches a URL and retries while the server throttles
// it. It has the Retry-After defect that retryafter reports as "waited on
// with no test for the zero time": the time the server said to come back
// is kept in a struct field, which stays zero when the answer carries no
// usable Retry-After, and time.Until of the zero time is no wait at all.
//
//	zeroreset http://127.0.0.1:8080/forecast
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
		fmt.Fprintln(os.Stderr, "zeroreset:", err)
		os.Exit(1)
	}
	fmt.Printf("ok: %s\n", body)
}

// throttle is what a throttled answer said: until stays zero when it
// carried no usable Retry-After.
type throttle struct {
	until time.Time
}

func parseThrottle(h http.Header) throttle {
	var t throttle
	v := h.Get("Retry-After")
	if n, err := strconv.Atoi(v); err == nil && n >= 0 {
		t.until = time.Now().Add(time.Duration(n) * time.Second)
	} else if d, err := http.ParseTime(v); err == nil {
		t.until = d
	}
	return t
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
		th := parseThrottle(resp.Header)
		resp.Body.Close()
		time.Sleep(time.Until(th.until))
	}
	return nil, errors.New("still throttled after 4 attempts")
}
