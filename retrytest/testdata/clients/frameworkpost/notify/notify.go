// Package notify is the framework of the frameworkpost client: a stage
// that calls the notifier its user plugs in again while the verdict it
// returns asks for another attempt.
package notify

import (
	"context"
	"time"
)

// Verdict is the outcome of one attempt.
type Verdict struct {
	retry bool
	err   error
}

// Retry asks for another attempt after err.
func Retry(err error) Verdict { return Verdict{retry: true, err: err} }

// Unrecoverable ends the notification with err.
func Unrecoverable(err error) Verdict { return Verdict{err: err} }

// Success is a delivered notification.
func Success() Verdict { return Verdict{} }

// Err is the error of a failed attempt.
func (v Verdict) Err() error { return v.err }

// ShouldRetry reports whether another attempt is worth it.
func (v Verdict) ShouldRetry() bool { return v.retry }

// Notifier delivers one message.
type Notifier interface {
	Notify(ctx context.Context, msg string) Verdict
}

// Stage delivers a message through a notifier, three attempts at most.
type Stage struct{ N Notifier }

// Exec notifies, again while the verdict asks.
func (s Stage) Exec(ctx context.Context, msg string) error {
	var last error
	for attempt := 1; attempt <= 3; attempt++ {
		v := s.N.Notify(ctx, msg)
		if err := v.Err(); err != nil {
			last = err
			if !v.ShouldRetry() {
				return err
			}
			select {
			case <-ctx.Done():
				return ctx.Err()
			case <-time.After(10 * time.Millisecond):
			}
			continue
		}
		return nil
	}
	return last
}
