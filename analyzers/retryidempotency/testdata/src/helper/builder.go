package helper

import (
	"bytes"
	"context"
	"crypto/rand"
	"errors"
	"net/http"
	"time"

	"helper/backoff"
)

// This file holds SDK clients whose requests a helper of their own builds
// with the method it is handed: a constant POST there makes a POST.

type sdk struct {
	hc   *http.Client
	base string
}

// newRequest builds a request with the method it is handed.
func (s *sdk) newRequest(ctx context.Context, method, path string, body []byte) (*http.Request, error) {
	req, err := http.NewRequestWithContext(ctx, method, s.base+path, bytes.NewReader(body))
	if err != nil {
		return nil, err
	}
	req.Header.Set("Content-Type", "application/json")
	return req, nil
}

const createMethod = http.MethodPost

// ---- must flag ----

// Each attempt builds a POST through the helper.
func (s *sdk) createOrder(ctx context.Context, body []byte) (*http.Response, error) {
	var lastErr error
	for attempt := range 3 {
		req, err := s.newRequest(ctx, createMethod, "/orders", body)
		if err != nil {
			return nil, err
		}
		resp, err := s.hc.Do(req) // want `POST is retried after a transport error without an idempotency key`
		if err != nil {
			lastErr = err
			time.Sleep(time.Duration(attempt+1) * time.Second)
			continue
		}
		return resp, nil
	}
	return nil, lastErr
}

// The POST is built once, before the retry helper, and the operation
// handed to it sends it.
func (s *sdk) createInvoice(ctx context.Context, body []byte) error {
	req, err := s.newRequest(ctx, http.MethodPost, "/invoices", body)
	if err != nil {
		return err
	}
	return backoff.Do(ctx, 3, func(ctx context.Context) error {
		resp, err := s.hc.Do(req) // want `POST is retried by Do after a transport error without an idempotency key`
		if err != nil {
			return err
		}
		return resp.Body.Close()
	})
}

// ---- must stay silent ----

// A GET built through the helper.
func (s *sdk) getOrder(ctx context.Context) (*http.Response, error) {
	for range 3 {
		req, err := s.newRequest(ctx, http.MethodGet, "/orders/1", nil)
		if err != nil {
			return nil, err
		}
		resp, err := s.hc.Do(req)
		if err != nil {
			continue
		}
		return resp, nil
	}
	return nil, errors.New("gave up")
}

// The POST built before the retry helper carries a key made once.
func (s *sdk) createKeyed(ctx context.Context, body []byte) error {
	req, err := s.newRequest(ctx, http.MethodPost, "/invoices", body)
	if err != nil {
		return err
	}
	req.Header.Set("Idempotency-Key", rand.Text())
	return backoff.Do(ctx, 3, func(ctx context.Context) error {
		resp, err := s.hc.Do(req)
		if err != nil {
			return err
		}
		return resp.Body.Close()
	})
}
