// Package executor holds retry helpers that run the operation their
// struct holds in a field, with the caller's context in another.
package executor

import (
	"context"
	"time"
)

// Handler answers whether to run it again, and the error of its attempt.
type Handler func() (shouldRetry bool, err error)

// RetryExecutor checks its Context between attempts, but sleeps without
// it: a cancelled caller still waits out the interval.
type RetryExecutor struct {
	Context    context.Context
	MaxRetries int
	Interval   time.Duration
	Handler    Handler
}

func (r *RetryExecutor) Execute() error {
	var err error
	for i := 0; i <= r.MaxRetries; i++ {
		var again bool
		again, err = r.Handler()
		if !again {
			return err
		}
		if r.cancelled() {
			return r.Context.Err()
		}
		time.Sleep(r.Interval) // want `time.Sleep in retry loop ignores cancellation of r.Context`
	}
	return err
}

func (r *RetryExecutor) cancelled() bool {
	return r.Context != nil && r.Context.Err() != nil
}

// ---- must stay silent ----

// Waiter waits on the context it holds.
type Waiter struct {
	Context  context.Context
	Interval time.Duration
	Handler  Handler
}

func (w *Waiter) Run() error {
	for {
		again, err := w.Handler()
		if !again {
			return err
		}
		select {
		case <-w.Context.Done():
			return w.Context.Err()
		case <-time.After(w.Interval):
		}
	}
}

// Plain holds no context: there is none to wait on.
type Plain struct {
	Interval time.Duration
	Handler  Handler
}

func (p *Plain) Run() error {
	for {
		again, err := p.Handler()
		if !again {
			return err
		}
		time.Sleep(p.Interval)
	}
}
