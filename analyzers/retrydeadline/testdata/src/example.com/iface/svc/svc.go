// Package svc retries calls made through interfaces that another package
// declares and a third implements.
package svc

import (
	"context"
	"net/http"
	"time"

	"example.com/iface/client"
	"example.com/iface/fake"
	"example.com/iface/transport"
)

type Svc struct {
	be transport.Backend
	st transport.Store
	rt transport.Retryer
}

func New() *Svc {
	return &Svc{be: &client.HTTPBackend{HC: http.DefaultClient}, st: &fake.Mem{}, rt: client.Backoff{Max: 3, Wait: time.Second}}
}

// Replace sends through the Backend and sleeps through cancellation.
func (s *Svc) Replace(ctx context.Context, in any) error {
	var err error
	for i := 0; i < 3; i++ {
		if err = s.be.Call(ctx, http.MethodPut, "/orders/1", in, nil); err == nil {
			return nil
		}
		time.Sleep(time.Second) // want `time.Sleep in retry loop ignores cancellation of ctx`
	}
	return err
}

// Fetch hands each attempt, bounded alone, to a Retryer.
func (s *Svc) Fetch(in any) error {
	return s.rt.Retry(context.Background(), func() error {
		ctx, cancel := context.WithTimeout(context.Background(), time.Second) // want `per-attempt timeout \(context.WithTimeout\) inside an operation retried by Retry but no overall deadline`
		defer cancel()
		return s.be.Call(ctx, http.MethodGet, "/x", nil, nil)
	})
}

// ---- silent ----

// Keep writes to a store that only a fake implements: no request.
func (s *Svc) Keep(ctx context.Context) error {
	var err error
	for i := 0; i < 3; i++ {
		if err = s.st.Put(ctx, "k", 1); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

// Items sends one request per item.
func (s *Svc) Items(ctx context.Context, items []any) {
	for _, it := range items {
		if err := s.be.Call(ctx, http.MethodPut, "/orders", it, nil); err != nil {
			time.Sleep(time.Second)
		}
	}
}

// Waits honours cancellation.
func (s *Svc) Waits(ctx context.Context, in any) error {
	var err error
	for i := 0; i < 3; i++ {
		if err = s.be.Call(ctx, http.MethodPut, "/orders/1", in, nil); err == nil {
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

// Bounded hands attempts to a Retryer under the caller's deadline.
func (s *Svc) Bounded(ctx context.Context) error { // want Bounded:`owntimeout\(10s\) from param 0`
	ctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	return s.rt.Retry(ctx, func() error {
		actx, acancel := context.WithTimeout(ctx, time.Second)
		defer acancel()
		return s.be.Call(actx, http.MethodGet, "/x", nil, nil)
	})
}
