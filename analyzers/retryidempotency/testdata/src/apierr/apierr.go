// Package apierr retries on errors.As into an error type: the package's
// own API error, which a transport error passed on as net/http made it
// never is, or a network error, which it may be.
package apierr

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"time"
)

// APIError is the package's error for an answer it refuses.
type APIError struct {
	Status int
}

func (e *APIError) Error() string { return fmt.Sprintf("api: status %d", e.Status) }

// call passes a transport error on, wrapped: errors.As through it finds
// no APIError.
func call(ctx context.Context, hc *http.Client, url string, body []byte) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, url, bytes.NewReader(body))
	if err != nil {
		return err
	}
	resp, err := hc.Do(req)
	if err != nil {
		return fmt.Errorf("call: %w", err)
	}
	defer resp.Body.Close()
	if resp.StatusCode >= 400 {
		return &APIError{Status: resp.StatusCode}
	}
	return nil
}

// callMapped turns a transport error into an APIError of its own.
func callMapped(ctx context.Context, hc *http.Client, url string, body []byte) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, url, bytes.NewReader(body))
	if err != nil {
		return err
	}
	resp, err := hc.Do(req)
	if err != nil {
		return &APIError{Status: http.StatusTooManyRequests}
	}
	defer resp.Body.Close()
	if resp.StatusCode >= 400 {
		return &APIError{Status: resp.StatusCode}
	}
	return nil
}

func wait(ctx context.Context) error {
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-time.After(time.Second):
		return nil
	}
}

// Silent: only a 429 of the API is retried; a transport error is no
// APIError and is returned.
func Create(ctx context.Context, hc *http.Client, url string, body []byte) error {
	for attempt := 0; attempt < 5; attempt++ {
		err := call(ctx, hc, url, body)
		if err == nil {
			return nil
		}
		var apiErr *APIError
		if !errors.As(err, &apiErr) || apiErr.Status != http.StatusTooManyRequests {
			return err
		}
		if err := wait(ctx); err != nil {
			return err
		}
	}
	return errors.New("create: too many requests")
}

// A network timeout is a transport error: it is retried.
func CreateOnTimeout(ctx context.Context, hc *http.Client, url string, body []byte) error {
	for attempt := 0; attempt < 5; attempt++ {
		err := call(ctx, hc, url, body) // want `POST is retried after a transport error without an idempotency key`
		if err == nil {
			return nil
		}
		var ne net.Error
		if !errors.As(err, &ne) || !ne.Timeout() {
			return err
		}
		if err := wait(ctx); err != nil {
			return err
		}
	}
	return errors.New("create: timed out")
}

// timeout is an interface of the package that a transport error may
// implement.
type timeout interface{ Timeout() bool }

// A timeout, tested through the package's own interface, is retried.
func CreateOnOwnTimeout(ctx context.Context, hc *http.Client, url string, body []byte) error {
	for attempt := 0; attempt < 5; attempt++ {
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, url, bytes.NewReader(body))
		if err != nil {
			return err
		}
		resp, err := hc.Do(req) // want `POST is retried after a transport error without an idempotency key`
		if err == nil {
			return resp.Body.Close()
		}
		var te timeout
		if !errors.As(err, &te) || !te.Timeout() {
			return err
		}
		if err := wait(ctx); err != nil {
			return err
		}
	}
	return errors.New("create: timed out")
}

// The helper makes an APIError of a transport error: errors.As finds
// one, and the write is retried.
func CreateMapped(ctx context.Context, hc *http.Client, url string, body []byte) error {
	for attempt := 0; attempt < 5; attempt++ {
		err := callMapped(ctx, hc, url, body) // want `POST is retried after a transport error without an idempotency key`
		if err == nil {
			return nil
		}
		var apiErr *APIError
		if !errors.As(err, &apiErr) || apiErr.Status != http.StatusTooManyRequests {
			return err
		}
		if err := wait(ctx); err != nil {
			return err
		}
	}
	return errors.New("create: too many requests")
}
