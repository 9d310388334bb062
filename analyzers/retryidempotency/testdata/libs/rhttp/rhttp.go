package rhttp

import (
	"bytes"
	"context"
	"net/http"
	"time"

	"github.com/hashicorp/go-retryablehttp"
)

type API struct {
	rc *retryablehttp.Client
}

func New() *API {
	rc := retryablehttp.NewClient()
	rc.RetryMax = 5
	return &API{rc: rc}
}

// createOrder posts through a client that retries transport errors.
func (a *API) createOrder(ctx context.Context, body []byte) (*http.Response, error) {
	req, err := retryablehttp.NewRequestWithContext(ctx, http.MethodPost, "https://api.example.com/orders", bytes.NewReader(body))
	if err != nil {
		return nil, err
	}
	req.Header.Set("Content-Type", "application/json")
	return a.rc.Do(req) // want `POST is sent through a retrying retryablehttp.Client`
}

// local: a client made here with the defaults (RetryMax 4).
func local(body []byte) error {
	c := retryablehttp.NewClient()
	req, err := retryablehttp.NewRequest("PATCH", "https://api.example.com/orders/1", body)
	if err != nil {
		return err
	}
	resp, err := c.Do(req) // want `PATCH is sent through a retrying retryablehttp.Client`
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// literal: a Client literal that sets RetryMax and a library policy.
func literal(body []byte) error {
	c := &retryablehttp.Client{
		HTTPClient:   http.DefaultClient,
		RetryMax:     3,
		RetryWaitMin: time.Second,
		RetryWaitMax: 10 * time.Second,
		CheckRetry:   retryablehttp.ErrorPropagatedRetryPolicy,
		Backoff:      retryablehttp.DefaultBackoff,
	}
	req, err := retryablehttp.NewRequest(http.MethodPost, "https://api.example.com/payments", body)
	if err != nil {
		return err
	}
	resp, err := c.Do(req) // want `POST is sent through a retrying retryablehttp.Client`
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// ---- must stay silent ----

// literalNoRetries: a Client literal without RetryMax makes one attempt.
func literalNoRetries(body []byte) error {
	c := &retryablehttp.Client{
		HTTPClient: http.DefaultClient,
		CheckRetry: retryablehttp.DefaultRetryPolicy,
		Backoff:    retryablehttp.DefaultBackoff,
	}
	req, err := retryablehttp.NewRequest(http.MethodPost, "https://api.example.com/payments", body)
	if err != nil {
		return err
	}
	resp, err := c.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

func (a *API) keyed(ctx context.Context, key string, body []byte) (*http.Response, error) {
	req, err := retryablehttp.NewRequestWithContext(ctx, http.MethodPost, "https://api.example.com/orders", body)
	if err != nil {
		return nil, err
	}
	req.Header.Set("Idempotency-Key", key)
	return a.rc.Do(req)
}

func (a *API) get(ctx context.Context) (*http.Response, error) {
	req, err := retryablehttp.NewRequestWithContext(ctx, http.MethodGet, "https://api.example.com/orders", nil)
	if err != nil {
		return nil, err
	}
	return a.rc.Do(req)
}

func noRetries(body []byte) error {
	c := retryablehttp.NewClient()
	c.RetryMax = 0
	req, err := retryablehttp.NewRequest(http.MethodPost, "https://api.example.com/orders", body)
	if err != nil {
		return err
	}
	resp, err := c.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

func customPolicy(body []byte) error {
	c := retryablehttp.NewClient()
	c.CheckRetry = func(ctx context.Context, resp *http.Response, err error) (bool, error) {
		return resp != nil && resp.StatusCode == http.StatusTooManyRequests, nil
	}
	req, err := retryablehttp.NewRequest(http.MethodPost, "https://api.example.com/orders", body)
	if err != nil {
		return err
	}
	resp, err := c.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}
