// Package waitlib is a back-off of another package.
package waitlib

import (
	"context"
	"time"
)

type Backoff struct {
	Base    time.Duration
	attempt int
}

// Next returns the next delay.
func (b *Backoff) Next() time.Duration {
	b.attempt++
	return b.Base * time.Duration(b.attempt)
}

func (b *Backoff) next() time.Duration { return b.Next() }

// Wait sleeps for the next delay.
func (b *Backoff) Wait() { // want Wait:`waits\(recv.Next\(\)\)`
	time.Sleep(b.Next())
}

// Pause sleeps through an unexported method.
func (b *Backoff) Pause() { // want Pause:`waits\(recv.next\(\)\)`
	time.Sleep(b.next())
}

// WaitContext ends with ctx.
func (b *Backoff) WaitContext(ctx context.Context) error {
	t := time.NewTimer(b.Next())
	defer t.Stop()
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-t.C:
		return nil
	}
}

// Sleep sleeps d.
func Sleep(d time.Duration) { // want Sleep:`waits\(param 0\)`
	time.Sleep(d)
}

// SleepSeconds sleeps for n seconds, as an SDK's util.Sleep does.
func SleepSeconds(n int) {
	d := time.Duration(n) * time.Second
	time.Sleep(d)
}

// SleepMillis sleeps for d milliseconds.
func SleepMillis(d time.Duration) {
	time.Sleep(time.Millisecond * d)
}

// SleepSecondsContext waits for n seconds or until ctx ends.
func SleepSecondsContext(ctx context.Context, n int) error {
	t := time.NewTimer(time.Duration(n) * time.Second)
	defer t.Stop()
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-t.C:
		return nil
	}
}
