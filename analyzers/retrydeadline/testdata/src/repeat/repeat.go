// Package repeat holds loops that send the same request again after a
// success as after a failure (a load loop, a heartbeat): they repeat the
// operation, they do not retry it, and a per-attempt timeout there needs
// no overall deadline over the attempts. Beside them, loops that leave on
// success, one of them at the top of the next iteration, are retries.
package repeat

import (
	"context"
	"log"
	"net/http"
	"time"
)

// A load loop: one request after another, whatever the answer; a
// transport error ends it.
func load(url string) {
	for i := 0; i <= 1000; i++ {
		ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
		req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
		if err != nil {
			cancel()
			return
		}
		resp, err := http.DefaultClient.Do(req)
		cancel()
		if err != nil {
			log.Println(err)
			return
		}
		resp.Body.Close()
	}
}

// A heartbeat: a ping every interval until one fails.
func heartbeat(c *http.Client, url string, interval time.Duration) error {
	for {
		ctx, cancel := context.WithTimeout(context.Background(), time.Second)
		req, _ := http.NewRequestWithContext(ctx, http.MethodHead, url, nil)
		resp, err := c.Do(req)
		cancel()
		if err != nil {
			return err
		}
		resp.Body.Close()
		time.Sleep(interval)
	}
}

// ---- retries: they leave on success ----

// The success is checked at the top of the next iteration.
func checkedAtTop(url string) (*http.Response, error) {
	var resp *http.Response
	var err error
	for i := 0; i < 3; i++ {
		if i > 0 && err == nil && resp.StatusCode < 500 {
			break
		}
		ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second) // want `per-attempt timeout \(context.WithTimeout\) inside retry loop but no overall deadline`
		req, _ := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
		resp, err = http.DefaultClient.Do(req)
		cancel()
	}
	return resp, err
}

// A done flag read by the loop's condition.
func doneFlag(url string) bool {
	done := false
	for i := 0; i < 3 && !done; i++ {
		ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second) // want `per-attempt timeout \(context.WithTimeout\) inside retry loop but no overall deadline`
		req, _ := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
		resp, err := http.DefaultClient.Do(req)
		cancel()
		if err == nil {
			resp.Body.Close()
			done = resp.StatusCode == http.StatusOK
		}
	}
	return done
}
