// Package throttle carries the server's wait in an error; its retry
// sender uses the wait only as a floor under its own back-off (Floor), or
// as the wait itself (Exact).
package throttle

import (
	"context"
	"errors"
	"time"
)

type floorErr struct {
	err   error
	delay time.Duration
}

func (e floorErr) Error() string { return e.err.Error() }

// Floor makes an error whose delay the sender raises its back-off to.
func Floor(err error, delay time.Duration) error { // want Floor:`signs\(p1\)`
	return floorErr{err: err, delay: delay}
}

type exactErr struct {
	err   error
	delay time.Duration
}

func (e exactErr) Error() string { return e.err.Error() }

// Exact makes an error whose delay the sender waits as it is.
func Exact(err error, delay time.Duration) error {
	return exactErr{err: err, delay: delay}
}

// Send calls next until it succeeds.
func Send(ctx context.Context, next func(context.Context) error) error {
	backoff := time.Second
	for range 5 {
		err := next(ctx)
		if err == nil {
			return nil
		}
		delay := backoff
		backoff *= 2
		var fe floorErr
		if errors.As(err, &fe) {
			delay = max(delay, fe.delay)
		}
		var ee exactErr
		if errors.As(err, &ee) {
			delay = ee.delay
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(delay):
		}
	}
	return errors.New("no more retries")
}
