// Package backoff is an in-house retry helper in a package of its own.
package backoff

import (
	"context"
	"time"
)

// Do calls op until it succeeds, at most attempts times.
func Do(ctx context.Context, attempts int, op func(context.Context) error) error {
	var err error
	for range attempts {
		if err = op(ctx); err == nil {
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

// Each calls fn once per item: iteration, not a retry.
func Each(items []string, fn func(string) error) error {
	for _, it := range items {
		if err := fn(it); err != nil {
			return err
		}
	}
	return nil
}

// Once calls op once.
func Once(op func() error) error { return op() }
