package unbounded

import (
	"context"
	"net/http"
	"time"
)

// With -bounded=false only loops without an attempt limit are reported.
func bounded(c *http.Client, url string) (*http.Response, error) {
	for attempt := 0; attempt < 3; attempt++ {
		ctx, cancel := context.WithTimeout(context.Background(), time.Second)
		req, _ := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
		resp, err := c.Do(req)
		cancel()
		if err == nil {
			return resp, nil
		}
	}
	return nil, nil
}

func forever(c *http.Client, url string) *http.Response {
	for {
		ctx, cancel := context.WithTimeout(context.Background(), time.Second) // want `per-attempt timeout \(context.WithTimeout\) inside retry loop but no overall deadline \(attempts and sleeps are unbounded\)`
		req, _ := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
		resp, err := c.Do(req)
		cancel()
		if err == nil {
			return resp
		}
	}
}

// An exit on an attempt counter bounds the loop too.
func countedExit(c *http.Client, url string, maxRetries int) *http.Response {
	for attempt := 0; ; attempt++ {
		ctx, cancel := context.WithTimeout(context.Background(), time.Second)
		req, _ := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
		resp, err := c.Do(req)
		cancel()
		if err == nil || attempt == maxRetries {
			return resp
		}
	}
}

// A comparison that does not leave the loop does not.
func notAnExit(c *http.Client, url string) *http.Response {
	for attempt := 0; ; attempt++ {
		ctx, cancel := context.WithTimeout(context.Background(), time.Second) // want `per-attempt timeout \(context.WithTimeout\) inside retry loop but no overall deadline \(attempts and sleeps are unbounded\)`
		req, _ := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
		resp, err := c.Do(req)
		cancel()
		if err == nil {
			return resp
		}
		if attempt == 10 {
			println("slow")
		}
	}
}
