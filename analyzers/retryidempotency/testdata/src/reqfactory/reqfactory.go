// Package reqfactory retries requests that the caller's factory makes
// anew for each attempt (so that each has a fresh body): the helper
// re-sends whatever method the caller chose.
package reqfactory

import (
	"bytes"
	"context"
	"net/http"
	"time"
)

// doWithRetry re-sends the caller's request after a transport error or a
// 5xx, whatever its method.
func doWithRetry(ctx context.Context, client *http.Client, newRequest func() (*http.Request, error)) (*http.Response, error) {
	var resp *http.Response
	var err error
	for attempt := 0; attempt < 3; attempt++ {
		var req *http.Request
		req, err = newRequest()
		if err != nil {
			return nil, err
		}
		resp, err = client.Do(req.WithContext(ctx)) // want `a request of any method is re-sent after a transport error or status 500 without a check of its method or an Idempotency-Key header`
		if err == nil && resp.StatusCode < 500 {
			return resp, nil
		}
		select {
		case <-ctx.Done():
			return nil, ctx.Err()
		case <-time.After(time.Second):
		}
	}
	return resp, err
}

func createOrder(ctx context.Context, client *http.Client, body []byte) (*http.Response, error) {
	return doWithRetry(ctx, client, func() (*http.Request, error) {
		return http.NewRequest(http.MethodPost, "https://example.com/orders", bytes.NewReader(body))
	})
}

// ---- must stay silent ----

// doChecked re-sends only the requests that may be sent again.
func doChecked(ctx context.Context, client *http.Client, newRequest func() (*http.Request, error)) (*http.Response, error) {
	var resp *http.Response
	var err error
	for attempt := 0; attempt < 3; attempt++ {
		var req *http.Request
		req, err = newRequest()
		if err != nil {
			return nil, err
		}
		resp, err = client.Do(req.WithContext(ctx))
		if err == nil && resp.StatusCode < 500 {
			return resp, nil
		}
		if req.Method != http.MethodGet && req.Method != http.MethodPut {
			return resp, err
		}
		select {
		case <-ctx.Done():
			return nil, ctx.Err()
		case <-time.After(time.Second):
		}
	}
	return resp, err
}

// status builds its own GET with a local factory: a GET is retried.
func status(ctx context.Context, client *http.Client) (*http.Response, error) {
	newRequest := func() (*http.Request, error) {
		return http.NewRequestWithContext(ctx, http.MethodGet, "https://example.com/status", nil)
	}
	var resp *http.Response
	var err error
	for attempt := 0; attempt < 3; attempt++ {
		var req *http.Request
		req, err = newRequest()
		if err != nil {
			return nil, err
		}
		resp, err = client.Do(req)
		if err == nil && resp.StatusCode < 500 {
			return resp, nil
		}
	}
	return resp, err
}
