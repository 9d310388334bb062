// Package waitonly holds retry loops whose overall deadline bounds the
// waits between attempts but not the attempts: the requests carry
// another context.
package waitonly

import (
	"bytes"
	"context"
	"io"
	"net/http"
	"time"
)

type APIClient struct {
	HTTPClient   *http.Client
	RetryTimeout time.Duration
	MaxRetries   int
}

func copyRequest(r *http.Request, rawBody []byte) *http.Request {
	newRequest := *r
	if r.Body != nil && r.Body != http.NoBody {
		newRequest.Body = io.NopCloser(bytes.NewReader(rawBody))
	}
	return &newRequest
}

func delayElapsed(ctx context.Context, delay <-chan time.Time) bool { // want delayElapsed:"ctxquery\\(1\\)"
	select {
	case <-ctx.Done():
		return false
	case <-delay:
		return ctx.Err() == nil
	}
}

// ---- must flag ----

// The deadline is derived from the request's context and waited on, and
// each attempt sends a copy of the request, with the request's context.
func (c *APIClient) CallAPI(request *http.Request) (*http.Response, error) { // want CallAPI:"owntimeout from param 0.s context for recv.RetryTimeout"
	var rawBody []byte
	if request.Body != nil && request.Body != http.NoBody {
		rawBody, _ = io.ReadAll(request.Body)
		request.Body.Close()
	}
	ctx, cancel := context.WithTimeout(request.Context(), c.RetryTimeout)
	defer cancel()
	for retry := 0; ; retry++ {
		newRequest := copyRequest(request, rawBody)
		resp, err := c.HTTPClient.Do(newRequest) // want `request sent in retry loop does not carry ctx, the deadline made for the whole operation`
		if err != nil || resp.StatusCode < 500 || retry >= c.MaxRetries {
			return resp, err
		}
		if deadline, ok := ctx.Deadline(); ok && time.Second >= time.Until(deadline) {
			return resp, err
		}
		if !delayElapsed(ctx, time.After(time.Second)) {
			return resp, err
		}
		resp.Body.Close()
	}
}

// The requests are built with the caller's context; the deadline made
// from it only ends the waits.
func fetch(ctx context.Context, hc *http.Client, url string) (*http.Response, error) {
	opCtx, cancel := context.WithTimeout(ctx, 30*time.Second)
	defer cancel()
	for attempt := 0; attempt < 5; attempt++ {
		req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
		if err != nil {
			return nil, err
		}
		resp, err := hc.Do(req) // want `request sent in retry loop does not carry opCtx`
		if err == nil && resp.StatusCode < 500 {
			return resp, nil
		}
		if err == nil {
			resp.Body.Close()
		}
		select {
		case <-opCtx.Done():
			return nil, opCtx.Err()
		case <-time.After(time.Duration(attempt) * time.Second):
		}
	}
	return nil, context.DeadlineExceeded
}

// A retrying transport with a deadline over its rounds, checked between
// them.
type retrying struct {
	next   http.RoundTripper
	budget time.Duration
}

func (t *retrying) RoundTrip(req *http.Request) (*http.Response, error) {
	deadline, cancel := context.WithDeadline(req.Context(), time.Now().Add(t.budget))
	defer cancel()
	for {
		resp, err := t.next.RoundTrip(req) // want `request sent in retry loop does not carry deadline`
		if err == nil && resp.StatusCode != http.StatusServiceUnavailable {
			return resp, nil
		}
		if err == nil {
			resp.Body.Close()
		}
		timer := time.NewTimer(time.Second)
		select {
		case <-deadline.Done():
			timer.Stop()
			return nil, deadline.Err()
		case <-timer.C:
		}
	}
}

// ---- must stay silent ----

// The attempts are built with the deadline's context.
func fetchBounded(ctx context.Context, hc *http.Client, url string) (*http.Response, error) {
	opCtx, cancel := context.WithTimeout(ctx, 30*time.Second)
	defer cancel()
	for attempt := 0; attempt < 5; attempt++ {
		req, err := http.NewRequestWithContext(opCtx, http.MethodGet, url, nil)
		if err != nil {
			return nil, err
		}
		resp, err := hc.Do(req)
		if err == nil && resp.StatusCode < 500 {
			return resp, nil
		}
		if err == nil {
			resp.Body.Close()
		}
		select {
		case <-opCtx.Done():
			return nil, opCtx.Err()
		case <-time.After(time.Duration(attempt) * time.Second):
		}
	}
	return nil, context.DeadlineExceeded
}

// The request is given the deadline once, before the loop.
func (c *APIClient) callOnce(request *http.Request) (*http.Response, error) {
	ctx, cancel := context.WithTimeout(request.Context(), c.RetryTimeout)
	defer cancel()
	request = request.WithContext(ctx)
	for retry := 0; ; retry++ {
		resp, err := c.HTTPClient.Do(request)
		if err != nil || resp.StatusCode < 500 || retry >= c.MaxRetries {
			return resp, err
		}
		resp.Body.Close()
		if !delayElapsed(ctx, time.After(time.Second)) {
			return nil, ctx.Err()
		}
	}
}

// Each attempt's timeout derives from the deadline.
func fetchPerAttempt(ctx context.Context, hc *http.Client, url string) (*http.Response, error) {
	opCtx, cancel := context.WithTimeout(ctx, time.Minute)
	defer cancel()
	for attempt := 0; attempt < 5; attempt++ {
		attemptCtx, attemptCancel := context.WithTimeout(opCtx, 10*time.Second)
		req, err := http.NewRequestWithContext(attemptCtx, http.MethodGet, url, nil)
		if err != nil {
			attemptCancel()
			return nil, err
		}
		resp, err := hc.Do(req)
		attemptCancel()
		if err == nil {
			return resp, nil
		}
		if !delayElapsed(opCtx, time.After(time.Second)) {
			return nil, opCtx.Err()
		}
	}
	return nil, context.DeadlineExceeded
}

// The deadline reaches a helper that sends with it.
func (c *APIClient) send(ctx context.Context, req *http.Request) (*http.Response, error) {
	return c.HTTPClient.Do(req.WithContext(ctx))
}

func (c *APIClient) callHelper(request *http.Request) (*http.Response, error) {
	ctx, cancel := context.WithTimeout(request.Context(), c.RetryTimeout)
	defer cancel()
	for retry := 0; ; retry++ {
		resp, err := c.send(ctx, request)
		if err != nil || resp.StatusCode < 500 || retry >= c.MaxRetries {
			return resp, err
		}
		resp.Body.Close()
		if !delayElapsed(ctx, time.After(time.Second)) {
			return nil, ctx.Err()
		}
	}
}

// One request per item, with a deadline over the whole batch: iteration,
// not a retry.
func fetchAll(ctx context.Context, hc *http.Client, urls []string) error {
	batchCtx, cancel := context.WithTimeout(ctx, time.Minute)
	defer cancel()
	for _, u := range urls {
		req, err := http.NewRequestWithContext(ctx, http.MethodGet, u, nil)
		if err != nil {
			return err
		}
		resp, err := hc.Do(req)
		if err != nil {
			return err
		}
		resp.Body.Close()
		if batchCtx.Err() != nil {
			return batchCtx.Err()
		}
	}
	return nil
}

// Each attempt has a timeout of its own, made from another context: the
// fix cannot swap it for the deadline without dropping it.
func fetchOwnAttempt(ctx context.Context, hc *http.Client, url string) (*http.Response, error) {
	opCtx, cancel := context.WithTimeout(ctx, time.Minute)
	defer cancel()
	for attempt := 0; attempt < 5; attempt++ {
		attemptCtx, attemptCancel := context.WithTimeout(ctx, 10*time.Second) // want `per-attempt timeout \(context.WithTimeout\) inside retry loop but no overall deadline`
		req, err := http.NewRequestWithContext(attemptCtx, http.MethodGet, url, nil)
		if err != nil {
			attemptCancel()
			return nil, err
		}
		resp, err := hc.Do(req)
		attemptCancel()
		if err == nil {
			return resp, nil
		}
		if !delayElapsed(opCtx, time.After(time.Second)) {
			return nil, opCtx.Err()
		}
	}
	return nil, context.DeadlineExceeded
}
