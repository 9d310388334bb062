// Package holder retries the operations of an SDK whose executor keeps
// the request in a struct and sends it from a method.
package holder

import (
	"context"
	"net/http"
	"time"

	"holder/exec"
)

// SendEvent posts an event.
func SendEvent(ctx context.Context) error { // want SendEvent:`write\(POST\)`
	return exec.ExecuteNewRequest(ctx, http.MethodPost, "https://api.example.com/events")
}

// GetEvent reads one.
func GetEvent(ctx context.Context) error {
	return exec.ExecuteNewRequest(ctx, http.MethodGet, "https://api.example.com/events/1")
}

func wait(ctx context.Context) error {
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-time.After(time.Second):
		return nil
	}
}

// The POST is sent again after any failure.
func PostResult(ctx context.Context) error {
	for range 3 {
		err := SendEvent(ctx) // want `POST is retried after a transport error without an idempotency key`
		if err == nil {
			return nil
		}
		if err := wait(ctx); err != nil {
			return err
		}
	}
	return ctx.Err()
}

// Silent: a GET through the same executor.
func Poll(ctx context.Context) error {
	for range 3 {
		if err := GetEvent(ctx); err == nil {
			return nil
		}
		if err := wait(ctx); err != nil {
			return err
		}
	}
	return ctx.Err()
}

// Silent: a holder whose request is replaced before it is sent has no
// one method to tell.
func Replaced(ctx context.Context, write bool) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, "https://api.example.com/events", nil)
	if err != nil {
		return err
	}
	cfg := &exec.Config{Request: req, HTTPClient: http.DefaultClient}
	if !write {
		cfg.Request, _ = http.NewRequestWithContext(ctx, http.MethodGet, "https://api.example.com/events", nil)
	}
	for range 3 {
		if err := cfg.Execute(); err == nil {
			return nil
		}
		if err := wait(ctx); err != nil {
			return err
		}
	}
	return ctx.Err()
}
