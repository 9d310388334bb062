// Package budgetexit holds retry loops of functions that return nothing,
// given an overall budget by the fix: a check at the top of the loop that
// leaves it as its last attempt does when that runs what handles the
// failure, and returns otherwise.
package budgetexit

import (
	"context"
	"log"
	"net/http"
	"time"
)

// A poll left only when the service is ready: when the budget is spent,
// the fix returns, so the line after the loop that says the service is
// ready does not run.
func waitReady(c *http.Client, url string) {
	for {
		ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second) // want `per-attempt timeout \(context.WithTimeout\) inside retry loop but no overall deadline`
		req, _ := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
		resp, err := c.Do(req)
		cancel()
		if err == nil && resp.StatusCode == http.StatusOK {
			resp.Body.Close()
			break
		}
		time.Sleep(time.Second)
	}
	log.Println("service ready")
}

// A for {} left by a break when its attempts run out: the failure is
// handled after the loop, so the budget spent leaves the loop as the last
// attempt does and log.Fatal still runs.
func mustFetch(c *http.Client, url string) {
	var err error
	for attempt := 0; ; attempt++ {
		ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second) // want `per-attempt timeout \(context.WithTimeout\) inside retry loop but no overall deadline`
		req, _ := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
		var resp *http.Response
		resp, err = c.Do(req)
		cancel()
		if err == nil {
			resp.Body.Close()
			break
		}
		if attempt == 4 {
			break
		}
		time.Sleep(time.Second)
	}
	if err != nil {
		log.Fatal(err)
	}
}
