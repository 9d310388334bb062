// Package dropctx holds requests given a context whose copy is dropped,
// in a package that retries.
package dropctx

import (
	"context"
	"net/http"
	"time"
)

// ---- must flag ----

type Request struct {
	request *http.Request
}

// WithContext means to set the context of the wrapped request.
func (r *Request) WithContext(ctx context.Context) {
	r.request.WithContext(ctx) // want `result of r.request.WithContext is discarded: r.request keeps its old context, so ctx's deadline and cancellation never reach its attempts`
}

func get(ctx context.Context, hc *http.Client, req *http.Request) (*http.Response, error) {
	req.Clone(ctx) // want `result of req.Clone is discarded`
	return retry(hc, req)
}

// ---- must stay silent ----

func (r *Request) withContextKept(ctx context.Context) {
	r.request = r.request.WithContext(ctx)
}

func kept(ctx context.Context, hc *http.Client, req *http.Request) (*http.Response, error) {
	req = req.WithContext(ctx)
	return retry(hc, req)
}

func handedOn(ctx context.Context, hc *http.Client, req *http.Request) (*http.Response, error) {
	return retry(hc, req.WithContext(ctx))
}

// The retry that makes this package one that retries.
func retry(hc *http.Client, req *http.Request) (*http.Response, error) {
	var lastErr error
	for attempt := 0; attempt < 3; attempt++ {
		resp, err := hc.Do(req)
		if err == nil {
			return resp, nil
		}
		lastErr = err
		select {
		case <-req.Context().Done():
			return nil, req.Context().Err()
		case <-time.After(time.Second):
		}
	}
	return nil, lastErr
}
