package svc

import (
	"context"
	"time"

	"example.com/iface/transport"
)

// nopContext adds the context-taking methods to waiters of another
// package, whose real implementation (client.RealClock) sleeps.
type nopContext struct {
	transport.Sleeper
	t transport.Ticker
}

func (n nopContext) SleepWithContext(ctx context.Context, d time.Duration) {
	n.Sleep(d) // want `SleepWithContext takes a context but waits with n.Sleep, which ignores it`
}

// TickWithContext calls a method that only a fake implements: no wait.
func (n nopContext) TickWithContext(ctx context.Context, d time.Duration) {
	n.t.Tick(d)
}
