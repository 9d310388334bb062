// Package sdk routes its calls through a backend interface of its own
// and hands each call to a backoff, as SDKs do that let their tests
// replace the network.
package sdk

import (
	"context"
	"errors"
	"net/http"
	"time"
)

type backend interface {
	update(ctx context.Context, name string, b []byte) error
	cached(name string) ([]byte, bool)
}

type httpBackend struct{ c *http.Client }

func (h *httpBackend) update(ctx context.Context, name string, b []byte) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodPut, "https://example.com/"+name, nil)
	if err != nil {
		return err
	}
	resp, err := h.c.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

func (h *httpBackend) cached(name string) ([]byte, bool) { return nil, false }

// Group is a client.
type Group struct{ be backend }

// ErrConflict says that another writer won.
var ErrConflict = errors.New("conflict")

func withBackoff(ctx context.Context, f func() error) error {
	for {
		if err := f(); err == nil {
			return nil
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(time.Second):
		}
	}
}

// Operate updates name through the backend.
func (g *Group) Operate(ctx context.Context, name string, b []byte) error {
	f := func() error { return g.be.update(ctx, name, b) }
	return withBackoff(ctx, f)
}

// Cached reads what the backend holds, sending nothing.
func (g *Group) Cached(name string) ([]byte, error) {
	b, ok := g.be.cached(name)
	if !ok {
		return nil, ErrConflict
	}
	return b, nil
}
