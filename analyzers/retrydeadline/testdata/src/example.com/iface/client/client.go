// Package client implements the transport interfaces over net/http.
package client

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
	"time"
)

// HTTPBackend sends each call as a request.
type HTTPBackend struct {
	HC   *http.Client
	Base string
}

func (b *HTTPBackend) Call(ctx context.Context, method, path string, in, out any) error {
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

// Backoff waits between the attempts of an operation.
type Backoff struct {
	Max  int
	Wait time.Duration
}

func (b Backoff) Retry(ctx context.Context, op func() error) error {
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

// RealClock waits on the wall clock.
type RealClock struct{}

func (RealClock) Sleep(d time.Duration) { time.Sleep(d) } // want Sleep:"waits\\(param 0\\)"

// Blind retries with waits that take no context.
type Blind struct{ N int }

func (b Blind) Do(op func() error) error { // want Do:`blindwait\(param 0, time.Sleep in Do\)`
	var err error
	for i := 0; i < b.N; i++ {
		if err = op(); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}
