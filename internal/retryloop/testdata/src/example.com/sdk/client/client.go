package client // want package:"sends"

// Package client implements the transport interfaces over net/http.

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"time"
)

// HTTPBackend sends each call as a request.
type HTTPBackend struct {
	HC   *http.Client
	Base string
}

func (b *HTTPBackend) Call(ctx context.Context, method, path string, in, out any) error { // want Call:"sends"
	body, err := json.Marshal(in)
	if err != nil {
		return err
	}
	req, err := http.NewRequestWithContext(ctx, method, b.Base+path, bytes.NewReader(body))
	if err != nil {
		return err
	}
	resp, err := b.HC.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	return json.NewDecoder(resp.Body).Decode(out)
}

func (b *HTTPBackend) Close() error { b.HC.CloseIdleConnections(); return nil }

func (b *HTTPBackend) List(ctx context.Context, page int) ([]string, int, error) { // want List:"sends"
	var out struct {
		Items []string
		Next  int
	}
	err := b.Call(ctx, http.MethodGet, fmt.Sprintf("/items?page=%d", page), nil, &out)
	return out.Items, out.Next, err
}

// Backoff waits between the attempts of an operation.
type Backoff struct {
	Max  int
	Wait time.Duration
}

func (b Backoff) Retry(ctx context.Context, op func() error) error { // want Retry:"retries\\(param 1 bounded\\)"
	var err error
	for i := 0; i < b.Max; i++ {
		if err = op(); err == nil {
			return nil
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(b.Wait):
		}
	}
	return err
}

// Once runs an operation once: a retryer for tests.
type Once struct{}

func (Once) Retry(ctx context.Context, op func() error) error { return op() }

// Session ends a server-side session when it is closed.
type Session struct {
	HC  *http.Client
	URL string
}

func (s *Session) Close() error { // want Close:"sends"
	req, err := http.NewRequest(http.MethodDelete, s.URL, nil)
	if err != nil {
		return err
	}
	resp, err := s.HC.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}
