// Package retryutil holds retry helpers, some of whose waits take no
// context.
package retryutil

import (
	"context"
	"time"

	"blindcallee/waitutil"
)

// Retry retries f while p says so, by way of waitutil.ExponentialBackoff.
func Retry(f func() error, p func(error) bool, backoff waitutil.Backoff) (err error) {
	condition := func() (bool, error) {
		err = f()
		if p(err) {
			return false, nil
		}
		return true, err
	}
	waitutil.ExponentialBackoff(backoff, condition)
	return
}

// Do calls fn up to n times, sleeping between calls.
func Do(n int, delay time.Duration, fn func() error) error {
	var err error
	for i := 0; i < n; i++ {
		if err = fn(); err == nil {
			return nil
		}
		time.Sleep(delay)
	}
	return err
}

// Retrier retries with a fixed pause.
type Retrier struct {
	Attempts int
	Pause    time.Duration
}

// Run calls op until it succeeds or the attempts are spent.
func (r *Retrier) Run(op func() error) error {
	var err error
	for range r.Attempts {
		if err = op(); err == nil {
			return nil
		}
		<-time.After(r.Pause)
	}
	return err
}

// DoContext is Do with a wait that ends with ctx.
func DoContext(ctx context.Context, n int, delay time.Duration, fn func() error) error {
	var err error
	for i := 0; i < n; i++ {
		if err = fn(); err == nil {
			return nil
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(delay):
		}
	}
	return err
}
