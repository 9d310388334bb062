// Package sentinelerr polls a token endpoint whose sender folds a
// transport error into a new error, and answers with the package's own
// error values for the statuses it knows.
package sentinelerr

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strings"
	"time"
)

var (
	// ErrPending: the user has not approved yet.
	ErrPending = errors.New("authorization pending")
	// ErrDenied: the user said no.
	ErrDenied = errors.New("access denied")
)

// check posts the device code once.
func check(ctx context.Context, c *http.Client, endpoint, code string) (string, error) {
	form := url.Values{"device_code": {code}}.Encode()
	req, err := http.NewRequest(http.MethodPost, endpoint, strings.NewReader(form))
	if err != nil {
		return "", fmt.Errorf("token: %s", err.Error())
	}
	resp, err := c.Do(req.WithContext(ctx))
	if err != nil {
		return "", fmt.Errorf("token: sending: %s", err.Error())
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		return "", fmt.Errorf("token: reading: %s", err.Error())
	}
	switch {
	case resp.StatusCode == http.StatusBadRequest && strings.Contains(string(b), "authorization_pending"):
		return "", ErrPending
	case resp.StatusCode == http.StatusForbidden:
		return "", ErrDenied
	case resp.StatusCode != http.StatusOK:
		return "", fmt.Errorf("token: status %d", resp.StatusCode)
	}
	return string(b), nil
}

// Wait polls while the answer is pending: any other error, a transport
// error among them, ends it. Silent.
func Wait(ctx context.Context, c *http.Client, endpoint, code string) (string, error) {
	for {
		tok, err := check(ctx, c, endpoint, code)
		if err == nil {
			return tok, nil
		}
		switch err {
		case ErrPending:
		default:
			return "", err
		}
		select {
		case <-ctx.Done():
			return "", ctx.Err()
		case <-time.After(5 * time.Second):
		}
	}
}

// WaitStubborn polls until denied: a transport error is polled again, so
// the POST is sent again after an unknown outcome.
func WaitStubborn(ctx context.Context, c *http.Client, endpoint, code string) (string, error) {
	for {
		tok, err := check(ctx, c, endpoint, code) // want `POST is retried after a transport error without an idempotency key`
		if err == nil {
			return tok, nil
		}
		if err == ErrDenied {
			return "", err
		}
		select {
		case <-ctx.Done():
			return "", ctx.Err()
		case <-time.After(5 * time.Second):
		}
	}
}
