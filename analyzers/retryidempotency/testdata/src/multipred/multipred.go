// Package multipred holds retry loops that ask a predicate with more than
// one result whether to try again: a wait and whether to wait
// (checkWait(resp) (time.Duration, bool)), or a verdict and an error
// (shouldRetry(ctx, resp, err) (bool, error)). The bool result is judged
// in each outcome, as a predicate's single result is.
package multipred

import (
	"bytes"
	"context"
	"net/http"
	"strconv"
	"time"
)

func wait(ctx context.Context, d time.Duration) error {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-t.C:
		return nil
	}
}

func retryAfter(resp *http.Response) (time.Duration, bool) {
	s, err := strconv.Atoi(resp.Header.Get("Retry-After"))
	if err != nil || s < 0 {
		return 0, false
	}
	return time.Duration(s) * time.Second, true
}

// checkWait waits as the server asks after a 429 or any 5xx that says
// how long.
func checkWait(resp *http.Response) (time.Duration, bool) { // want checkWait:"predicate\\(transport=\\? 200=false 201=false 202=false 204=false\\)"
	if resp.StatusCode != http.StatusTooManyRequests && resp.StatusCode < 500 {
		return 0, false
	}
	return retryAfter(resp)
}

// checkRejected waits as the server asks after a 429 or a 503 alone.
func checkRejected(resp *http.Response) (time.Duration, bool) { // want checkRejected:"predicate\\(transport=\\? 200=false 201=false 202=false 204=false 500=false 502=false 504=false\\)"
	if resp.StatusCode != http.StatusTooManyRequests && resp.StatusCode != http.StatusServiceUnavailable {
		return 0, false
	}
	return retryAfter(resp)
}

// shouldRetry retries transport errors and every 5xx.
func shouldRetry(ctx context.Context, resp *http.Response, err error) (bool, error) { // want shouldRetry:"predicate\\(transport=\\? 200=false 201=false 202=false 204=false\\)"
	if ctx.Err() != nil {
		return false, ctx.Err()
	}
	if err != nil {
		return true, err
	}
	return resp.StatusCode >= 500, nil
}

// rejectedOnly retries a 429 alone.
func rejectedOnly(ctx context.Context, resp *http.Response, err error) (bool, error) { // want rejectedOnly:"predicate\\(transport=false 200=false 201=false 202=false 204=false 500=false 502=false 504=false\\)"
	if err != nil {
		return false, err
	}
	return resp.StatusCode == http.StatusTooManyRequests, nil
}

// ---- must flag ----

// create re-sends the POST after a 500 that carries Retry-After.
func create(ctx context.Context, hc *http.Client, url string, body []byte) (*http.Response, error) {
	for attempt := 0; attempt < 5; attempt++ {
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, url, bytes.NewReader(body))
		if err != nil {
			return nil, err
		}
		resp, err := hc.Do(req) // want `POST is retried after status 500 without an idempotency key`
		if err != nil {
			return nil, err
		}
		d, retry := checkWait(resp)
		if !retry {
			return resp, nil
		}
		resp.Body.Close()
		if err := wait(ctx, d); err != nil {
			return nil, err
		}
	}
	return nil, context.DeadlineExceeded
}

// order re-sends the POST whenever shouldRetry says so.
func order(ctx context.Context, hc *http.Client, url string, body []byte) (*http.Response, error) {
	for attempt := 0; ; attempt++ {
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, url, bytes.NewReader(body))
		if err != nil {
			return nil, err
		}
		resp, err := hc.Do(req) // want `POST is retried after a transport error without an idempotency key`
		retry, checkErr := shouldRetry(ctx, resp, err)
		if !retry || attempt == 3 {
			if checkErr != nil {
				return nil, checkErr
			}
			return resp, err
		}
		if err == nil {
			resp.Body.Close()
		}
		if err := wait(ctx, time.Second); err != nil {
			return nil, err
		}
	}
}

// redeclared asks checkWait after a first guess at the same bool: the
// redeclaration is an assignment, and the guess is forgotten.
func redeclared(ctx context.Context, hc *http.Client, url string, body []byte) (*http.Response, error) {
	for attempt := 0; attempt < 5; attempt++ {
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, url, bytes.NewReader(body))
		if err != nil {
			return nil, err
		}
		resp, err := hc.Do(req) // want `POST is retried after status`
		if err != nil {
			return nil, err
		}
		retry := resp.StatusCode == http.StatusTooManyRequests
		d, retry := checkWait(resp)
		if !retry {
			return resp, nil
		}
		resp.Body.Close()
		if err := wait(ctx, d); err != nil {
			return nil, err
		}
	}
	return nil, context.DeadlineExceeded
}

// ---- must stay silent ----

// createRejected re-sends the POST only after a 429 or a 503 that says
// how long to wait: the server refused it before doing anything.
func createRejected(ctx context.Context, hc *http.Client, url string, body []byte) (*http.Response, error) {
	for attempt := 0; attempt < 5; attempt++ {
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, url, bytes.NewReader(body))
		if err != nil {
			return nil, err
		}
		resp, err := hc.Do(req)
		if err != nil {
			return nil, err
		}
		d, retry := checkRejected(resp)
		if !retry {
			return resp, nil
		}
		resp.Body.Close()
		if err := wait(ctx, d); err != nil {
			return nil, err
		}
	}
	return nil, context.DeadlineExceeded
}

// orderRejected re-sends the POST after a 429 alone.
func orderRejected(ctx context.Context, hc *http.Client, url string, body []byte) (*http.Response, error) {
	for attempt := 0; ; attempt++ {
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, url, bytes.NewReader(body))
		if err != nil {
			return nil, err
		}
		resp, err := hc.Do(req)
		retry, checkErr := rejectedOnly(ctx, resp, err)
		if !retry || attempt == 3 {
			if checkErr != nil {
				return nil, checkErr
			}
			return resp, err
		}
		resp.Body.Close()
		if err := wait(ctx, time.Second); err != nil {
			return nil, err
		}
	}
}

// policy hands on checkRejected's results.
func policy(resp *http.Response) (time.Duration, bool) { // want policy:"predicate\\(transport=\\? 200=false 201=false 202=false 204=false 500=false 502=false 504=false\\)"
	return checkRejected(resp)
}

// createPolicy re-sends the POST only when policy, which forwards to
// checkRejected, says so.
func createPolicy(ctx context.Context, hc *http.Client, url string, body []byte) (*http.Response, error) {
	for attempt := 0; attempt < 5; attempt++ {
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, url, bytes.NewReader(body))
		if err != nil {
			return nil, err
		}
		resp, err := hc.Do(req)
		if err != nil {
			return nil, err
		}
		d, retry := policy(resp)
		if !retry {
			return resp, nil
		}
		resp.Body.Close()
		if err := wait(ctx, d); err != nil {
			return nil, err
		}
	}
	return nil, context.DeadlineExceeded
}
