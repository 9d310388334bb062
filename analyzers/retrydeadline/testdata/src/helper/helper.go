// Package helper sends requests under a timeout of its own.
package helper

import (
	"context"
	"net/http"
	"time"
)

// Fetch gives each call ten seconds, whatever its caller's budget.
func Fetch(url string) (*http.Response, error) { // want Fetch:"owntimeout\\(10s\\)"
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		return nil, err
	}
	return http.DefaultClient.Do(req)
}

// FetchCtx leaves the deadline to its caller.
func FetchCtx(ctx context.Context, url string) (*http.Response, error) {
	ctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		return nil, err
	}
	return http.DefaultClient.Do(req)
}
