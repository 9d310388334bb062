// Package statusset holds loops that decide on a status through a set of
// statuses (a map, a slice) or a function of the status: a write retried
// after a status the set holds is flagged, with that status; a set of
// definite rejections (429, 503) only is a safe retry.
package statusset

import (
	"bytes"
	"context"
	"errors"
	"net/http"
	"slices"
	"time"
)

type client struct {
	hc  *http.Client
	url string
}

var retryableStatus = map[int]bool{
	http.StatusInternalServerError: true,
	http.StatusBadGateway:          true,
	http.StatusServiceUnavailable:  true,
	http.StatusGatewayTimeout:      true,
}

var rejections = map[int]bool{
	http.StatusTooManyRequests:    true,
	http.StatusServiceUnavailable: true,
	http.StatusBadGateway:         false,
}

var retryOn = []int{http.StatusBadGateway, http.StatusGatewayTimeout}

var throttled = []int{http.StatusTooManyRequests, http.StatusServiceUnavailable}

var throttledSet = map[int]struct{}{
	http.StatusTooManyRequests:    {},
	http.StatusServiceUnavailable: {},
}

// serverError is a function of the status.
func serverError(code int) bool { return code >= 500 } // want serverError:"predicate\\(transport=\\? 200=false 201=false 202=false 204=false 500=true 502=true 504=true\\)"

// rateLimited is one too, of rejections only.
func rateLimited(code int) bool { // want rateLimited:"predicate\\(transport=\\? 200=false 201=false 202=false 204=false 500=false 502=false 504=false\\)"
	switch code {
	case http.StatusTooManyRequests, http.StatusServiceUnavailable:
		return true
	}
	return false
}

// ---- must flag ----

// A map of retryable statuses.
func (c *client) byMap(ctx context.Context, body []byte) (*http.Response, error) {
	for range 3 {
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.url, bytes.NewReader(body))
		if err != nil {
			return nil, err
		}
		resp, err := c.hc.Do(req) // want `POST is retried after status 500 without an idempotency key`
		if err != nil {
			return nil, err
		}
		if retryableStatus[resp.StatusCode] {
			resp.Body.Close()
			time.Sleep(time.Second)
			continue
		}
		return resp, nil
	}
	return nil, errors.New("retries exhausted")
}

// A slice of retryable statuses.
func (c *client) bySlice(ctx context.Context, body []byte) (*http.Response, error) {
	for range 3 {
		req, err := http.NewRequestWithContext(ctx, http.MethodPatch, c.url, bytes.NewReader(body))
		if err != nil {
			return nil, err
		}
		resp, err := c.hc.Do(req) // want `PATCH is retried after status 502 without an idempotency key`
		if err != nil {
			return nil, err
		}
		if slices.Contains(retryOn, resp.StatusCode) {
			resp.Body.Close()
			continue
		}
		return resp, nil
	}
	return nil, errors.New("retries exhausted")
}

// A function of the status, its answer kept in a variable.
func (c *client) byFunc(ctx context.Context, body []byte) (*http.Response, error) {
	for range 3 {
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.url, bytes.NewReader(body))
		if err != nil {
			return nil, err
		}
		resp, err := c.hc.Do(req) // want `POST is retried after status 500 without an idempotency key`
		if err != nil {
			return nil, err
		}
		retry := serverError(resp.StatusCode)
		if !retry {
			return resp, nil
		}
		resp.Body.Close()
	}
	return nil, errors.New("retries exhausted")
}

var changing = map[int]bool{http.StatusTooManyRequests: true}

// Configure adds to a set: what it holds is not known.
func Configure(code int) { changing[code] = true }

// A set the package changes is read as unknown, not as its literal: the
// loop is judged as if it retried any status.
func (c *client) changingSet(ctx context.Context, body []byte) (*http.Response, error) {
	for range 3 {
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.url, bytes.NewReader(body))
		if err != nil {
			return nil, err
		}
		resp, err := c.hc.Do(req) // want `POST is retried after status 200 without an idempotency key`
		if err != nil {
			return nil, err
		}
		if changing[resp.StatusCode] {
			resp.Body.Close()
			continue
		}
		return resp, nil
	}
	return nil, errors.New("retries exhausted")
}

// ---- must stay silent ----

// A map of rejections only (a status mapped to false is not in it).
func (c *client) rejectionsByMap(ctx context.Context, body []byte) (*http.Response, error) {
	for range 3 {
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.url, bytes.NewReader(body))
		if err != nil {
			return nil, err
		}
		resp, err := c.hc.Do(req)
		if err != nil {
			return nil, err
		}
		if rejections[resp.StatusCode] {
			resp.Body.Close()
			time.Sleep(time.Second)
			continue
		}
		return resp, nil
	}
	return nil, errors.New("retries exhausted")
}

// A slice of rejections only.
func (c *client) rejectionsBySlice(ctx context.Context, body []byte) (*http.Response, error) {
	for range 3 {
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.url, bytes.NewReader(body))
		if err != nil {
			return nil, err
		}
		resp, err := c.hc.Do(req)
		if err != nil {
			return nil, err
		}
		if slices.Contains(throttled, resp.StatusCode) {
			resp.Body.Close()
			continue
		}
		return resp, nil
	}
	return nil, errors.New("retries exhausted")
}

// A set looked up in the comma-ok form.
func (c *client) rejectionsBySet(ctx context.Context, body []byte) (*http.Response, error) {
	for range 3 {
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.url, bytes.NewReader(body))
		if err != nil {
			return nil, err
		}
		resp, err := c.hc.Do(req)
		if err != nil {
			return nil, err
		}
		if _, ok := throttledSet[resp.StatusCode]; ok {
			resp.Body.Close()
			continue
		}
		return resp, nil
	}
	return nil, errors.New("retries exhausted")
}

// A function of the status that holds rejections only.
func (c *client) rejectionsByFunc(ctx context.Context, body []byte) (*http.Response, error) {
	for range 3 {
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.url, bytes.NewReader(body))
		if err != nil {
			return nil, err
		}
		resp, err := c.hc.Do(req)
		if err != nil {
			return nil, err
		}
		if rateLimited(resp.StatusCode) {
			resp.Body.Close()
			continue
		}
		return resp, nil
	}
	return nil, errors.New("retries exhausted")
}
