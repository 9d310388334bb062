// Package recurseresp holds retrying middlewares that retry by recursion:
// each call is handed the response of the last attempt and decides on it
// before it sends again.
package recurseresp

import (
	"context"
	"net/http"
	"time"
)

type next func(req *http.Request) (*http.Response, error)

func sleep(ctx context.Context, d time.Duration) error {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-t.C:
		return nil
	}
}

// ---- must flag ----

func retriable(code int) bool { // want retriable:"predicate\\(transport=\\? 200=false 201=false 202=false 204=false 500=false 502=false 504=true\\)"
	return code == http.StatusTooManyRequests || code == http.StatusServiceUnavailable || code == http.StatusGatewayTimeout
}

// Handler re-sends any request after a 429, 503 or 504: a POST whose
// 504 came after the server applied it is applied again.
type Handler struct{ Max int }

func (h Handler) Intercept(n next, req *http.Request) (*http.Response, error) { // want Intercept:`sends\(param 1\)`
	resp, err := n(req)
	if err != nil {
		return resp, err
	}
	return h.retry(n, req, resp, 0)
}

func (h Handler) retry(n next, req *http.Request, resp *http.Response, count int) (*http.Response, error) {
	if retriable(resp.StatusCode) && count < h.Max {
		if err := sleep(req.Context(), time.Second); err != nil {
			return nil, err
		}
		req = req.WithContext(req.Context())
		response, err := n(req) // want `a request of any method is re-sent after status 504`
		if err != nil {
			return response, err
		}
		return h.retry(n, req, response, count+1)
	}
	return resp, nil
}

// ---- must stay silent ----

func rejected(code int) bool { // want rejected:"predicate\\(transport=\\? 200=false 201=false 202=false 204=false 500=false 502=false 504=false\\)"
	return code == http.StatusTooManyRequests || code == http.StatusServiceUnavailable
}

// Throttled re-sends a request after a 429 or 503 alone: the server
// refused it before doing anything.
type Throttled struct{ Max int }

func (h Throttled) retry(n next, req *http.Request, resp *http.Response, count int) (*http.Response, error) {
	if rejected(resp.StatusCode) && count < h.Max {
		if err := sleep(req.Context(), time.Second); err != nil {
			return nil, err
		}
		response, err := n(req)
		if err != nil {
			return response, err
		}
		return h.retry(n, req, response, count+1)
	}
	return resp, nil
}

// Held tests the status through a variable before it sends again: a 429
// or a 503 alone is re-sent.
type Held struct{ next next }

func (h Held) retry(req *http.Request, resp *http.Response, n int) (*http.Response, error) {
	throttled := resp.StatusCode == http.StatusTooManyRequests || resp.StatusCode == http.StatusServiceUnavailable
	if !throttled || n >= 3 {
		return resp, nil
	}
	resp.Body.Close()
	response, err := h.next(req)
	if err != nil {
		return nil, err
	}
	return h.retry(req, response, n+1)
}
