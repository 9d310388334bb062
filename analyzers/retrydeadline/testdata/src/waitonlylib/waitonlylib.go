// Package waitonlylib holds waits on a context for the retry loops of
// another package.
package waitonlylib

import (
	"context"
	"time"
)

// Delay waits d, or until ctx is done.
func Delay(ctx context.Context, d time.Duration) error { // want Delay:"ctxquery\\(1\\)"
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-t.C:
		return nil
	}
}

// Send hands its context on: not a wait alone.
func Send(ctx context.Context, f func(context.Context) error) error {
	return f(ctx)
}
