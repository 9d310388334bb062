// Package shapes holds spellings of retry loops that are one graph: each
// write retried after an unknown outcome is flagged however the loop is
// written, and each look-alike (iteration, a loop whose unknown outcome
// always returns) stays silent.
package shapes

import (
	"bytes"
	"context"
	"errors"
	"log"
	"net/http"
	"time"

	"shapes/policy"
)

// ---- must flag ----

// A goto back to a label before the send.
func gotoRetry(c *http.Client, u string, body []byte) (*http.Response, error) {
	attempt := 0
retry:
	resp, err := c.Post(u, "application/json", bytes.NewReader(body)) // want `POST is retried after a transport error without an idempotency key`
	if err != nil && attempt < 3 {
		attempt++
		time.Sleep(time.Second)
		goto retry
	}
	return resp, err
}

// A goto forward to the wait at the end of the body, which then starts
// the next iteration.
func gotoWait(c *http.Client, u string) (*http.Response, error) {
	for attempt := 0; attempt < 3; attempt++ {
		req, err := http.NewRequest(http.MethodPost, u, nil)
		if err != nil {
			return nil, err
		}
		resp, err := c.Do(req) // want `POST is retried after a transport error without an idempotency key`
		if err != nil {
			goto wait
		}
		return resp, nil
	wait:
		time.Sleep(time.Second)
	}
	return nil, errors.New("gave up")
}

// A labelled continue from a switch on the status, inside a select.
func labelledFromSwitch(ctx context.Context, c *http.Client, u string) (*http.Response, error) {
attempts:
	for attempt := 0; attempt < 3; attempt++ {
		req, err := http.NewRequestWithContext(ctx, http.MethodPatch, u, nil)
		if err != nil {
			return nil, err
		}
		resp, err := c.Do(req) // want `PATCH is retried after status 502 without an idempotency key`
		if err != nil {
			return nil, err
		}
		select {
		case <-ctx.Done():
			return nil, ctx.Err()
		default:
			switch resp.StatusCode {
			case http.StatusBadGateway, http.StatusServiceUnavailable:
				resp.Body.Close()
				continue attempts
			}
		}
		return resp, nil
	}
	return nil, errors.New("gave up")
}

// Failure first: the failure waits in a select and continues from there.
func continueInSelect(ctx context.Context, c *http.Client, u string) (*http.Response, error) {
	for {
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, u, nil)
		if err != nil {
			return nil, err
		}
		resp, err := c.Do(req) // want `POST is retried after a transport error without an idempotency key`
		if err != nil {
			select {
			case <-ctx.Done():
				return nil, ctx.Err()
			case <-time.After(time.Second):
				continue
			}
		}
		return resp, nil
	}
}

// Failure first, falling through to the next iteration; the send sits in
// the branch that built the request.
func sendInBranch(c *http.Client, u string, body []byte) (*http.Response, error) {
	var lastErr error
	for attempt := 0; attempt < 3; attempt++ {
		var resp *http.Response
		req, err := http.NewRequest(http.MethodPost, u, bytes.NewReader(body))
		if err == nil {
			resp, err = c.Do(req) // want `POST is retried after a transport error without an idempotency key`
		}
		if err != nil {
			log.Printf("attempt %d: %v", attempt, err)
			lastErr = err
		} else if resp.StatusCode < 500 {
			return resp, nil
		} else {
			resp.Body.Close()
		}
		time.Sleep(time.Second)
	}
	return nil, lastErr
}

// Attempts counted down.
func countedDown(c *http.Client, u string) (*http.Response, error) {
	var lastErr error
	for tries := 3; tries > 0; tries-- {
		req, err := http.NewRequest(http.MethodPost, u, nil)
		if err != nil {
			return nil, err
		}
		resp, err := c.Do(req) // want `POST is retried after a transport error without an idempotency key`
		if err == nil {
			return resp, nil
		}
		lastErr = err
	}
	return nil, lastErr
}

// ---- must stay silent ----

// A goto back whose unknown outcome returns: only a 429, which the
// server declined, is sent again.
func gotoOnlyDeclined(c *http.Client, u string) (*http.Response, error) {
	attempt := 0
retry:
	resp, err := c.Post(u, "application/json", nil)
	if err != nil {
		return nil, err
	}
	if resp.StatusCode == http.StatusTooManyRequests && attempt < 3 {
		resp.Body.Close()
		attempt++
		goto retry
	}
	return resp, nil
}

// A goto to the wait that only a declined status takes.
func gotoWaitDeclined(c *http.Client, u string) (*http.Response, error) {
	for attempt := 0; attempt < 3; attempt++ {
		req, err := http.NewRequest(http.MethodPost, u, nil)
		if err != nil {
			return nil, err
		}
		resp, err := c.Do(req)
		if err != nil {
			return nil, err
		}
		if resp.StatusCode == http.StatusServiceUnavailable {
			resp.Body.Close()
			goto wait
		}
		return resp, nil
	wait:
		time.Sleep(time.Second)
	}
	return nil, errors.New("gave up")
}

// A labelled continue of an outer loop over items: iteration.
func labelledOverItems(ctx context.Context, c *http.Client, urls []string) {
items:
	for _, u := range urls {
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, u, nil)
		if err != nil {
			continue
		}
		resp, err := c.Do(req)
		if err != nil {
			continue
		}
		switch resp.StatusCode {
		case http.StatusBadGateway:
			resp.Body.Close()
			continue items
		}
		resp.Body.Close()
	}
}

// Failure first in a select, but the wait ends the function.
func selectReturns(ctx context.Context, c *http.Client, u string) (*http.Response, error) {
	for {
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, u, nil)
		if err != nil {
			return nil, err
		}
		resp, err := c.Do(req)
		if err != nil {
			select {
			case <-ctx.Done():
				return nil, ctx.Err()
			case <-time.After(time.Second):
				return nil, err
			}
		}
		if resp.StatusCode == http.StatusTooManyRequests {
			resp.Body.Close()
			continue
		}
		return resp, nil
	}
}

// Counted down, but every unknown outcome returns.
func countedDownDeclinedOnly(c *http.Client, u string) (*http.Response, error) {
	for tries := 3; tries > 0; tries-- {
		req, err := http.NewRequest(http.MethodPost, u, nil)
		if err != nil {
			return nil, err
		}
		resp, err := c.Do(req)
		if err != nil || resp.StatusCode != http.StatusTooManyRequests {
			return resp, err
		}
		resp.Body.Close()
	}
	return nil, errors.New("gave up")
}

// ---- retry predicates ----

func shouldRetry(resp *http.Response, err error) bool { // want shouldRetry:`predicate\(transport=true`
	if err != nil {
		return true
	}
	switch resp.StatusCode {
	case http.StatusBadGateway, http.StatusServiceUnavailable, http.StatusGatewayTimeout:
		return true
	}
	return false
}

func onlyThrottled(resp *http.Response, err error) bool { // want onlyThrottled:`predicate\(transport=false`
	if err != nil {
		return false
	}
	return resp.StatusCode == http.StatusTooManyRequests
}

// A predicate decides, in this package.
func withPredicate(c *http.Client, u string) (*http.Response, error) {
	for attempt := 0; attempt < 3; attempt++ {
		req, err := http.NewRequest(http.MethodPost, u, nil)
		if err != nil {
			return nil, err
		}
		resp, err := c.Do(req) // want `POST is retried after a transport error without an idempotency key`
		if !shouldRetry(resp, err) {
			return resp, err
		}
		if resp != nil {
			resp.Body.Close()
		}
	}
	return nil, errors.New("gave up")
}

// A predicate of another package decides.
func withImportedPredicate(c *http.Client, u string) (*http.Response, error) {
	for attempt := 0; attempt < 3; attempt++ {
		req, err := http.NewRequest(http.MethodPatch, u, nil)
		if err != nil {
			return nil, err
		}
		resp, err := c.Do(req) // want `PATCH is retried after a transport error without an idempotency key`
		if policy.Retryable(resp, err) {
			continue
		}
		return resp, err
	}
	return nil, errors.New("gave up")
}

// The predicate retries only a declined request.
func withThrottledPredicate(c *http.Client, u string) (*http.Response, error) {
	for attempt := 0; attempt < 3; attempt++ {
		req, err := http.NewRequest(http.MethodPost, u, nil)
		if err != nil {
			return nil, err
		}
		resp, err := c.Do(req)
		if !onlyThrottled(resp, err) {
			return resp, err
		}
		resp.Body.Close()
	}
	return nil, errors.New("gave up")
}

// The imported predicate retries only a declined request.
func withImportedThrottled(c *http.Client, u string) (*http.Response, error) {
	for attempt := 0; attempt < 3; attempt++ {
		req, err := http.NewRequest(http.MethodPost, u, nil)
		if err != nil {
			return nil, err
		}
		resp, err := c.Do(req)
		if policy.Throttled(resp, err) {
			resp.Body.Close()
			continue
		}
		return resp, err
	}
	return nil, errors.New("gave up")
}

// ---- schedules and deciders ----

var waits = []time.Duration{time.Second, 5 * time.Second, 30 * time.Second}

// A range over a schedule of waits: each item sizes the wait only, so
// every iteration sends the same POST again.
func overSchedule(c *http.Client, u string, body []byte) (*http.Response, error) {
	var last error
	for _, wait := range waits {
		req, err := http.NewRequest(http.MethodPost, u, bytes.NewReader(body))
		if err != nil {
			return nil, err
		}
		resp, err := c.Do(req) // want `POST is retried after a transport error without an idempotency key`
		if err == nil {
			return resp, nil
		}
		last = err
		time.Sleep(wait)
	}
	return nil, last
}

// A range over the bodies to post: one request per item.
func overBodies(c *http.Client, u string, bodies [][]byte) error {
	for _, b := range bodies {
		req, err := http.NewRequest(http.MethodPost, u, bytes.NewReader(b))
		if err != nil {
			return err
		}
		resp, err := c.Do(req)
		if err != nil {
			return err
		}
		resp.Body.Close()
	}
	return nil
}

// The attempt and the decision are one function, handed the attempt
// number only to compare it with the limit.
func decidedByAttempt(c *http.Client, u string, body []byte) error {
	for i := 1; i <= 3; i++ {
		req, err := http.NewRequest(http.MethodPost, u, bytes.NewReader(body))
		if err != nil {
			return err
		}
		again, err := attemptOnce(c, req, i) // want `POST is retried after a transport error without an idempotency key`
		if again {
			time.Sleep(time.Second)
			continue
		}
		return err
	}
	return nil
}

func attemptOnce(c *http.Client, req *http.Request, attempt int) (bool, error) {
	resp, err := c.Do(req)
	if err != nil {
		return attempt < 3, err
	}
	resp.Body.Close()
	return attempt < 3 && resp.StatusCode >= 500, nil
}

// The number is a page the request asks for: one request per page.
func decidedByPage(c *http.Client, u string, body []byte) error {
	for page := 1; page <= 3; page++ {
		req, err := http.NewRequest(http.MethodPost, u, bytes.NewReader(body))
		if err != nil {
			return err
		}
		more, err := postPage(c, req, page)
		if err != nil {
			return err
		}
		if !more {
			return nil
		}
	}
	return nil
}

func postPage(c *http.Client, req *http.Request, page int) (bool, error) {
	req.Header.Set("X-Page", string(rune('0'+page)))
	resp, err := c.Do(req)
	if err != nil {
		return false, err
	}
	resp.Body.Close()
	return resp.StatusCode == http.StatusPartialContent, nil
}
