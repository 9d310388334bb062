// Package clientvar retries through clients of another package.
package clientvar

import (
	"context"
	"errors"
	"net/http"
	"time"

	"clientlib"
)

var errGaveUp = errors.New("gave up")

func shared(ctx context.Context, url string) (*http.Response, error) {
	for i := 0; i < 5; i++ {
		req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
		if err != nil {
			return nil, err
		}
		resp, err := clientlib.Default.Do(req) // want `per-attempt timeout \(http.Client.Timeout\) inside retry loop but no overall deadline`
		if err == nil {
			return resp, nil
		}
		select {
		case <-ctx.Done():
			return nil, ctx.Err()
		case <-time.After(time.Second):
		}
	}
	return nil, errGaveUp
}

func pooled(ctx context.Context, url string) (*http.Response, error) {
	for i := 0; i < 3; i++ {
		req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
		if err != nil {
			return nil, err
		}
		resp, err := clientlib.Pooled.Do(req) // want `per-attempt timeout \(http.Client.Timeout\) inside retry loop but no overall deadline`
		if err == nil {
			return resp, nil
		}
		select {
		case <-ctx.Done():
			return nil, ctx.Err()
		case <-time.After(time.Second):
		}
	}
	return nil, errGaveUp
}

// plain's client has no Timeout: silent.
func plain(ctx context.Context, url string) (*http.Response, error) {
	for i := 0; i < 5; i++ {
		req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
		if err != nil {
			return nil, err
		}
		resp, err := clientlib.Plain.Do(req)
		if err == nil {
			return resp, nil
		}
		select {
		case <-ctx.Done():
			return nil, ctx.Err()
		case <-time.After(time.Second):
		}
	}
	return nil, errGaveUp
}
