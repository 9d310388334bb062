// Package transport declares the interfaces an SDK routes its calls
// through; it sends nothing itself.
package transport

import "context"

// Backend performs one API call.
type Backend interface {
	Call(ctx context.Context, method, path string, in, out any) error
}

// API is a backend that can be closed.
type API interface {
	Backend
	Close() error
}

// Store keeps values; only a fake implements it.
type Store interface {
	Put(ctx context.Context, key string, v any) error
}

// Retryer runs an operation again after a failure.
type Retryer interface {
	Retry(ctx context.Context, op func() error) error
}

// Lister reads one page of a listing.
type Lister interface {
	List(ctx context.Context, page int) (items []string, next int, err error)
}
