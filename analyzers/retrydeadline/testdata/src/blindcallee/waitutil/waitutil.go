// Package waitutil is a copy of a condition-polling back-off whose wait
// takes no context.
package waitutil

import (
	"errors"
	"time"
)

// ErrWaitTimeout is returned when the condition never held.
var ErrWaitTimeout = errors.New("timed out waiting for the condition")

// Backoff is an exponential back-off.
type Backoff struct {
	Duration time.Duration
	Factor   float64
	Steps    int
}

// Step returns the next wait.
func (b *Backoff) Step() time.Duration {
	d := b.Duration
	b.Duration = time.Duration(float64(b.Duration) * b.Factor)
	b.Steps--
	return d
}

// ConditionFunc reports whether to stop.
type ConditionFunc func() (done bool, err error)

// ExponentialBackoff checks condition until it holds, sleeping between
// checks.
func ExponentialBackoff(backoff Backoff, condition ConditionFunc) error {
	for backoff.Steps > 0 {
		if ok, err := condition(); err != nil || ok {
			return err
		}
		if backoff.Steps == 1 {
			break
		}
		time.Sleep(backoff.Step())
	}
	return ErrWaitTimeout
}
