// Package clientdefault holds retry loops whose client is the caller's
// when it hands one in, and a default with a Timeout otherwise: on the
// default's path the Timeout bounds each attempt and nothing bounds the
// attempts.
package clientdefault

import (
	"bytes"
	"context"
	"net/http"
	"time"
)

type delivery struct {
	client *http.Client
}

func newDelivery(client *http.Client) *delivery {
	if client == nil {
		client = &http.Client{Timeout: 10 * time.Second}
	}
	return &delivery{client: client}
}

func (d *delivery) sendOnce(ctx context.Context, url string, body []byte) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodPut, url, bytes.NewReader(body))
	if err != nil {
		return err
	}
	resp, err := d.client.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// The field holds the caller's client or the default.
func (d *delivery) deliver(ctx context.Context, url string, body []byte) error {
	var err error
	for attempt := 1; attempt <= 5; attempt++ {
		if err = d.sendOnce(ctx, url, body); err == nil { // want `per-attempt timeout \(http.Client.Timeout of the send in sendOnce, with ctx\) inside retry loop but no overall deadline`
			return nil
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(time.Second):
		}
	}
	return err
}

type config struct {
	HTTPClient *http.Client
	Timeout    time.Duration
}

// A local client: the configured one, or a default with the configured
// Timeout.
func fetch(ctx context.Context, cfg config, url string) (*http.Response, error) {
	hc := cfg.HTTPClient
	if hc == nil {
		hc = &http.Client{Timeout: cfg.Timeout}
	}
	var resp *http.Response
	var err error
	for attempt := 0; attempt < 3; attempt++ {
		var req *http.Request
		req, err = http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
		if err != nil {
			return nil, err
		}
		resp, err = hc.Do(req) // want `per-attempt timeout \(http.Client.Timeout\) inside retry loop but no overall deadline`
		if err == nil {
			return resp, nil
		}
	}
	return nil, err
}

// ---- must stay silent ----

// The default has no Timeout: nothing bounds an attempt.
func fetchPlain(ctx context.Context, cfg config, url string) (*http.Response, error) {
	hc := cfg.HTTPClient
	if hc == nil {
		hc = &http.Client{}
	}
	var resp *http.Response
	var err error
	for attempt := 0; attempt < 3; attempt++ {
		var req *http.Request
		req, err = http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
		if err != nil {
			return nil, err
		}
		resp, err = hc.Do(req)
		if err == nil {
			return resp, nil
		}
	}
	return nil, err
}
