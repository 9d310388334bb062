// Package ctxutil makes the contexts of requests, and imports no net/http.
package ctxutil

import (
	"context"
	"time"
)

// NewRequestContext makes a context that times out, of its own.
func NewRequestContext() (context.Context, context.CancelFunc) { // want NewRequestContext:"owntimeout\\(8s\\)"
	ctx, cancel := context.WithTimeout(context.Background(), 8*time.Second)
	return ctx, cancel
}

// WithRequestTimeout bounds the context it is handed.
func WithRequestTimeout(parent context.Context) (context.Context, context.CancelFunc) { // want WithRequestTimeout:"owntimeout\\(8s\\) from param 0"
	return context.WithTimeout(parent, 8*time.Second)
}

// Detached makes a context without a deadline.
func Detached() context.Context {
	return context.Background()
}
