// Package rstd: a go-retryablehttp client used only through the
// *http.Client its StandardClient returns, called on the client as it is
// made. Every request sent through that *http.Client is the retrying
// client's Do (roundtripper.go:41-47): a POST is retried after a
// transport error or a 5xx.
package rstd

import (
	"bytes"
	"context"
	"net/http"

	"github.com/hashicorp/go-retryablehttp"
)

func post(ctx context.Context, body []byte) error {
	hc := retryablehttp.NewClient().StandardClient() // want `retryablehttp.Client retries transport errors and 5xx with the default CheckRetry, whatever the method, and requests of any method are sent through it`
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, "https://api.example.com/orders", bytes.NewReader(body))
	if err != nil {
		return err
	}
	resp, err := hc.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

type API struct {
	hc *http.Client
}

func New() *API {
	return &API{hc: retryablehttp.NewClient().StandardClient()} // want `and POST requests are sent through it without an idempotency key`
}

func (a *API) Create(body []byte) error { // want Create:`write\(POST\)`
	resp, err := a.hc.Post("https://api.example.com/orders", "application/json", bytes.NewReader(body))
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// ---- must stay silent ----

func get(ctx context.Context) error {
	hc := retryablehttp.NewClient().StandardClient()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, "https://api.example.com/orders", nil)
	if err != nil {
		return err
	}
	resp, err := hc.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// A Client literal without RetryMax makes one attempt.
func once(ctx context.Context, body []byte) error {
	hc := (&retryablehttp.Client{HTTPClient: http.DefaultClient}).StandardClient()
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, "https://api.example.com/orders", bytes.NewReader(body))
	if err != nil {
		return err
	}
	resp, err := hc.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

func keyed(ctx context.Context, body []byte, key string) error {
	hc := retryablehttp.NewClient().StandardClient()
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, "https://api.example.com/orders", bytes.NewReader(body))
	if err != nil {
		return err
	}
	req.Header.Set("Idempotency-Key", key)
	resp, err := hc.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}
