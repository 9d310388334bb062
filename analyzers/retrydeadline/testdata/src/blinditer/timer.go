package blinditer

import (
	"context"
	"iter"
	"time"
)

// Client sends requests.
type Client struct {
	base string
}

// retryTimer yields attempt numbers forever, sleeping between them.
func (c *Client) retryTimer(baseSleep, maxSleep time.Duration) iter.Seq[int] {
	return func(yield func(int) bool) {
		var n int
		for {
			if !yield(n) {
				return
			}
			n++
			time.Sleep(min(baseSleep<<n, maxSleep))
		}
	}
}

// attempts yields up to max attempt numbers, sleeping pause between them.
func attempts(max int, pause time.Duration) func(func(int) bool) {
	return func(yield func(int) bool) {
		for i := range max {
			if !yield(i) {
				return
			}
			time.Sleep(pause)
		}
	}
}

// retryTimerContext's wait ends with ctx.
func retryTimerContext(ctx context.Context, pause time.Duration) iter.Seq[int] { // want retryTimerContext:"ctxquery\\(1\\)"
	return func(yield func(int) bool) {
		for i := 0; ; i++ {
			if !yield(i) {
				return
			}
			select {
			case <-ctx.Done():
				return
			case <-time.After(pause):
			}
		}
	}
}

// items yields without waiting.
func items(n int) iter.Seq[int] {
	return func(yield func(int) bool) {
		for i := range n {
			if !yield(i) {
				return
			}
		}
	}
}
