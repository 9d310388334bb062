// Package retryx is a retry helper of another package than its callers'.
package retryx

import (
	"context"
	"time"
)

// Do hands op the context it was given, attempts times at most.
func Do[T any](ctx context.Context, attempts int, op func(context.Context) (T, error)) (T, error) { // want Do:"opctx\\(param 0 as op param 0 count param 1 pause 200ms\\)"
	var (
		v   T
		err error
	)
	for range attempts {
		if v, err = op(ctx); err == nil {
			return v, nil
		}
		select {
		case <-ctx.Done():
			return v, ctx.Err()
		case <-time.After(200 * time.Millisecond):
		}
	}
	return v, err
}

// Within stops retrying once its budget is spent.
func Within(ctx context.Context, budget time.Duration, op func(context.Context) error) error { // want Within:"opctx\\(param 0 as op param 0 timed\\)"
	deadline := time.Now().Add(budget)
	for {
		err := op(ctx)
		if err == nil || time.Now().After(deadline) {
			return err
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(time.Second):
		}
	}
}
