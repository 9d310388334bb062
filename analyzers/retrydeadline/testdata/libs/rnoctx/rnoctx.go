// Package rnoctx sends requests made with go-retryablehttp's NewRequest,
// which gives them context.Background(), through retrying clients while
// the caller's context is at hand.
package rnoctx

import (
	"context"
	"net/http"

	"github.com/hashicorp/go-retryablehttp"
)

func newClient() *retryablehttp.Client {
	c := retryablehttp.NewClient()
	c.RetryMax = 3
	return c
}

// ---- must flag ----

func Claims(ctx context.Context, url, token string) (*http.Response, error) {
	client := newClient()
	req, err := retryablehttp.NewRequest("GET", url, nil) // want `retryablehttp.NewRequest gives the request no context, so the retrying client's attempts and waits ignore cancellation of ctx`
	if err != nil {
		return nil, err
	}
	req.Header.Set("Authorization", "Bearer "+token)
	return client.Do(req)
}

// ---- must stay silent ----

// The request carries the caller's context.
func ClaimsCtx(ctx context.Context, url string) (*http.Response, error) {
	req, err := retryablehttp.NewRequestWithContext(ctx, "GET", url, nil)
	if err != nil {
		return nil, err
	}
	return newClient().Do(req)
}

// The context is handed to the request before the send.
func ClaimsLater(ctx context.Context, url string) (*http.Response, error) {
	req, err := retryablehttp.NewRequest("GET", url, nil)
	if err != nil {
		return nil, err
	}
	return newClient().Do(req.WithContext(ctx))
}

// No context at hand.
func Fetch(url string) (*http.Response, error) {
	req, err := retryablehttp.NewRequest("GET", url, nil)
	if err != nil {
		return nil, err
	}
	return newClient().Do(req)
}

// A client that does not retry.
func Once(ctx context.Context, url string) (*http.Response, error) {
	c := retryablehttp.NewClient()
	c.RetryMax = 0
	req, err := retryablehttp.NewRequest("GET", url, nil)
	if err != nil {
		return nil, err
	}
	return c.Do(req)
}
