// Package chain is a client's middleware chain: each stage gets the
// context and the request with the next stage to hand them on to.
package chain

import (
	"context"
	"net/http"
)

// Doer sends a request under a context.
type Doer interface {
	Do(ctx context.Context, req *http.Request) (*http.Response, error)
}

// DoerFunc is a function that is a Doer.
type DoerFunc func(ctx context.Context, req *http.Request) (*http.Response, error)

// Do calls f.
func (f DoerFunc) Do(ctx context.Context, req *http.Request) (*http.Response, error) {
	return f(ctx, req)
}

// Decorator wraps a Doer in another.
type Decorator func(Doer) Doer

// Decorate wraps d in each decorator in turn.
func Decorate(d Doer, ds ...Decorator) Doer {
	for _, dec := range ds {
		d = dec(d)
	}
	return d
}

// Mirror sends a request to a primary and its copy to a shadow.
type Mirror func(ctx context.Context, primary, shadow *http.Request) (*http.Response, error)

// Retry calls op until it succeeds, at most attempts times.
func Retry(attempts int, op func() error) error {
	var err error
	for i := 0; i < attempts; i++ {
		if err = op(); err == nil {
			return nil
		}
	}
	return err
}
