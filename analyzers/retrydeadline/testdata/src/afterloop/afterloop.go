// Package afterloop holds retry loops whose sleeps ignore a context, in
// functions that return no error and handle the failure after the loop:
// the fix leaves the loop when the context ends, as the last attempt
// does, so that the code after it still runs.
package afterloop

import (
	"context"
	"log"
	"net/http"
	"time"
)

// The failure is logged after the loop: the context's end breaks out of
// it rather than returning past the log.
func report(ctx context.Context, url string) {
	var err error
	for i := 0; i < 3; i++ {
		var req *http.Request
		req, err = http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
		if err != nil {
			break
		}
		var resp *http.Response
		resp, err = http.DefaultClient.Do(req)
		if err == nil {
			resp.Body.Close()
			break
		}
		time.Sleep(time.Second) // want `time.Sleep in retry loop ignores cancellation of ctx`
	}
	if err != nil {
		log.Printf("report: %v", err)
	}
}

// A loop that has a label already: the break names it.
func ping(ctx context.Context, url string) {
	ok := false
attempts:
	for range 3 {
		req, err := http.NewRequestWithContext(ctx, http.MethodHead, url, nil)
		if err != nil {
			break
		}
		if resp, err := http.DefaultClient.Do(req); err == nil {
			resp.Body.Close()
			ok = true
			break attempts
		}
		time.Sleep(time.Second) // want `time.Sleep in retry loop ignores cancellation of ctx`
	}
	log.Printf("ping: reachable=%v", ok)
}

// Nothing follows the loop: leaving the function is leaving the loop.
func touch(ctx context.Context, url string) {
	for range 3 {
		req, err := http.NewRequestWithContext(ctx, http.MethodHead, url, nil)
		if err != nil {
			return
		}
		if resp, err := http.DefaultClient.Do(req); err == nil {
			resp.Body.Close()
			return
		}
		time.Sleep(time.Second) // want `time.Sleep in retry loop ignores cancellation of ctx`
	}
}

// A poll left only when the service is ready: a break would run what
// follows, the ready path; the context's end returns instead.
func waitReady(ctx context.Context, url string) {
	for {
		req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
		if err != nil {
			return
		}
		if resp, err := http.DefaultClient.Do(req); err == nil {
			resp.Body.Close()
			break
		}
		time.Sleep(time.Second) // want `time.Sleep in retry loop ignores cancellation of ctx`
	}
	log.Print("service is ready")
}

// Two loops of one function: each gets a label of its own.
func twoSteps(ctx context.Context, first, second string) {
	var err error
	for i := 0; i < 3; i++ {
		var req *http.Request
		if req, err = http.NewRequestWithContext(ctx, http.MethodPut, first, nil); err != nil {
			break
		}
		var resp *http.Response
		if resp, err = http.DefaultClient.Do(req); err == nil {
			resp.Body.Close()
			break
		}
		time.Sleep(time.Second) // want `time.Sleep in retry loop ignores cancellation of ctx`
	}
	if err != nil {
		log.Printf("first step: %v", err)
	}
	for i := 0; i < 3; i++ {
		var req *http.Request
		if req, err = http.NewRequestWithContext(ctx, http.MethodPut, second, nil); err != nil {
			break
		}
		var resp *http.Response
		if resp, err = http.DefaultClient.Do(req); err == nil {
			resp.Body.Close()
			break
		}
		time.Sleep(time.Second) // want `time.Sleep in retry loop ignores cancellation of ctx`
	}
	if err != nil {
		log.Printf("second step: %v", err)
	}
}

// Two waits in one loop: each leaves it on its own.
func twoWaits(ctx context.Context, url string) {
	ready := false
	for attempt := 0; attempt < 10; attempt++ {
		req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
		if err != nil {
			break
		}
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			time.Sleep(time.Second) // want `time.Sleep in retry loop ignores cancellation of ctx`
			continue
		}
		resp.Body.Close()
		if resp.StatusCode == http.StatusOK {
			ready = true
			break
		}
		time.Sleep(2 * time.Second) // want `time.Sleep in retry loop ignores cancellation of ctx`
	}
	log.Printf("ready: %v", ready)
}

// A wait in a switch: a break there would leave the switch, so the case
// breaks out with the loop's label.
func inSwitch(ctx context.Context, url string) {
	var status int
	for attempt := 0; attempt < 5; attempt++ {
		req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
		if err != nil {
			break
		}
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			continue
		}
		resp.Body.Close()
		status = resp.StatusCode
		switch status {
		case http.StatusServiceUnavailable, http.StatusTooManyRequests:
			time.Sleep(time.Second) // want `time.Sleep in retry loop ignores cancellation of ctx`
			continue
		}
		break
	}
	log.Printf("status: %d", status)
}

// Silent: the wait ends with the context and leaves the loop.
func reportWaiting(ctx context.Context, url string) {
	var err error
retry:
	for i := 0; i < 3; i++ {
		var req *http.Request
		req, err = http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
		if err != nil {
			break
		}
		var resp *http.Response
		resp, err = http.DefaultClient.Do(req)
		if err == nil {
			resp.Body.Close()
			break
		}
		select {
		case <-ctx.Done():
			break retry
		case <-time.After(time.Second):
		}
	}
	if err != nil {
		log.Printf("report: %v", err)
	}
}

// A for {} left by a break when its attempts run out, with the failure
// handled after it: the context's end leaves the loop as that break does.
func countedForever(ctx context.Context, url string) {
	var err error
	for attempt := 1; ; attempt++ {
		var req *http.Request
		req, err = http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
		if err != nil {
			break
		}
		var resp *http.Response
		resp, err = http.DefaultClient.Do(req)
		if err == nil {
			resp.Body.Close()
			break
		}
		if attempt >= 5 {
			break
		}
		time.Sleep(time.Second) // want `time.Sleep in retry loop ignores cancellation of ctx`
	}
	if err != nil {
		log.Printf("giving up: %v", err)
	}
}

// A status retried with no error set: the context's end leaves its error
// in err, as the next attempt would have, so the failure is still logged.
func statusRetried(ctx context.Context, url string) {
	var err error
	for i := 0; i < 5; i++ {
		var req *http.Request
		req, err = http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
		if err != nil {
			break
		}
		var resp *http.Response
		resp, err = http.DefaultClient.Do(req)
		if err == nil {
			resp.Body.Close()
			if resp.StatusCode != http.StatusServiceUnavailable {
				break
			}
		}
		time.Sleep(time.Second) // want `time.Sleep in retry loop ignores cancellation of ctx`
	}
	if err != nil {
		log.Printf("failed: %v", err)
	}
}
