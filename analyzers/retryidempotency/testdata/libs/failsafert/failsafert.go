// Package failsafert: an http.Client whose Transport is a failsafe-go
// round tripper runs every send under its policies; a retry policy that
// retries transport errors re-sends a POST or PATCH whose answer was lost.
package failsafert

import (
	"bytes"
	"context"
	"net/http"
	"time"

	"github.com/failsafe-go/failsafe-go"
	"github.com/failsafe-go/failsafe-go/failsafehttp"
	"github.com/failsafe-go/failsafe-go/retrypolicy"
	"github.com/google/uuid"
)

type API struct {
	base string
	hc   *http.Client
}

func NewAPI(base string) *API {
	rp := failsafehttp.NewRetryPolicyBuilder().WithMaxRetries(3).Build()
	return &API{base: base, hc: &http.Client{
		Timeout:   30 * time.Second,
		Transport: failsafehttp.NewRoundTripper(nil, rp),
	}}
}

// do sends a request of any method: its callers pass POST and GET.
func (a *API) do(ctx context.Context, method, path string, body []byte) (*http.Response, error) {
	req, err := http.NewRequestWithContext(ctx, method, a.base+path, bytes.NewReader(body))
	if err != nil {
		return nil, err
	}
	req.Header.Set("Content-Type", "application/json")
	return a.hc.Do(req) // want `POST or PATCH is sent through an http.Client whose Transport is a failsafehttp round tripper`
}

func (a *API) CreateOrder(ctx context.Context, body []byte) error { // want CreateOrder:`write\(POST\)`
	resp, err := a.do(ctx, http.MethodPost, "/orders", body)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

func (a *API) Order(ctx context.Context, id string) error {
	resp, err := a.do(ctx, http.MethodGet, "/orders/"+id, nil)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// A client given the round tripper by an assignment, a PATCH built next to
// its send.
func patch(ctx context.Context, url string, body []byte) error {
	hc := &http.Client{}
	hc.Transport = failsafehttp.NewRoundTripperWithExecutor(http.DefaultTransport,
		failsafe.With(retrypolicy.NewBuilder[*http.Response]().WithMaxAttempts(4).Build()))
	req, err := http.NewRequestWithContext(ctx, http.MethodPatch, url, bytes.NewReader(body))
	if err != nil {
		return err
	}
	resp, err := hc.Do(req) // want `PATCH is sent through an http.Client whose Transport is a failsafehttp round tripper`
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// ---- must stay silent ----

var getter = &http.Client{Transport: failsafehttp.NewRoundTripper(nil, failsafehttp.NewRetryPolicyBuilder().Build())}

// Only GETs through the client.
func fetch(ctx context.Context, url string) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		return err
	}
	resp, err := getter.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// A key set on the request before the send.
func keyed(ctx context.Context, url string, body []byte) error {
	hc := &http.Client{Transport: failsafehttp.NewRoundTripper(nil, failsafehttp.NewRetryPolicyBuilder().Build())}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, url, bytes.NewReader(body))
	if err != nil {
		return err
	}
	req.Header.Set("Idempotency-Key", uuid.NewString())
	resp, err := hc.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// A retry policy that does not retry: one attempt.
func noRetry(ctx context.Context, url string, body []byte) error {
	hc := &http.Client{Transport: failsafehttp.NewRoundTripper(nil, retrypolicy.NewBuilder[*http.Response]().WithMaxRetries(0).Build())}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, url, bytes.NewReader(body))
	if err != nil {
		return err
	}
	resp, err := hc.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// A policy of the caller's that handles only what it says: not judged.
func handled(ctx context.Context, url string, body []byte) error {
	rp := retrypolicy.NewBuilder[*http.Response]().
		HandleIf(func(resp *http.Response, err error) bool {
			return resp != nil && resp.StatusCode == http.StatusTooManyRequests
		}).
		Build()
	hc := &http.Client{Transport: failsafehttp.NewRoundTripper(nil, rp)}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, url, bytes.NewReader(body))
	if err != nil {
		return err
	}
	resp, err := hc.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// A POST through a plain client.
func plain(ctx context.Context, url string, body []byte) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, url, bytes.NewReader(body))
	if err != nil {
		return err
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}
