// Command backoffpolicy fetches a URL and retries while the server
// throttles it, with a retry policy whose backoff is a function value: the
// default backoff returns the server's Retry-After wait on a 429 and an
// exponential backoff otherwise, and the policy caps whatever it returns
// at -max-wait, the server's wait included (the defect retryafter
// reports).
//
//	backoffpolicy -max-wait=1s http://127.0.0.1:8080/forecast
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

// Backoff returns how long to wait before attempt.
type Backoff func(attempt int, resp *http.Response) time.Duration

// ExponentialBackoff honours Retry-After on a 429 and doubles base
// otherwise.
func ExponentialBackoff(base time.Duration) Backoff {
	return func(attempt int, resp *http.Response) time.Duration {
		if resp != nil && resp.StatusCode == http.StatusTooManyRequests {
			v := resp.Header.Get("Retry-After")
			if t, err := http.ParseTime(v); err == nil {
				return time.Until(t)
			}
			if s, err := strconv.Atoi(v); err == nil && s > 0 {
				return time.Duration(s) * time.Second
			}
		}
		return base << attempt
	}
}

// Policy bounds the backoff by MaxWait.
type Policy struct {
	Backoff Backoff
	MaxWait time.Duration
}

// Wait returns how long to wait before attempt.
func (p *Policy) Wait(attempt int, resp *http.Response) (time.Duration, error) {
	backoff := p.Backoff(attempt, resp)
	if backoff > p.MaxWait {
		backoff = p.MaxWait
	}
	return backoff, nil
}

func main() {
	maxWait := flag.Duration("max-wait", time.Second, "the longest wait the client accepts")
	flag.Parse()
	p := &Policy{Backoff: ExponentialBackoff(100 * time.Millisecond), MaxWait: *maxWait}
	body, err := fetch(flag.Arg(0), p)
	if err != nil {
		fmt.Fprintln(os.Stderr, "backoffpolicy:", err)
		os.Exit(1)
	}
	fmt.Printf("ok: %s\n", body)
}

// fetch gets url, retrying 429 and 503 answers up to four attempts in all.
func fetch(url string, p *Policy) ([]byte, error) {
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
		wait, err := p.Wait(attempt, resp)
		if err != nil {
			return nil, err
		}
		time.Sleep(wait)
	}
	return nil, errors.New("still throttled after 4 attempts")
}
