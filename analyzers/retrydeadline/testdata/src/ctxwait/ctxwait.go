package ctxwait

import (
	"context"
	"net/http"
	"time"

	"ctxwait/waitpkg"
)

var _ = http.MethodGet

// BackoffManager is a legacy interface whose Sleep takes no context.
type BackoffManager interface {
	Sleep(d time.Duration)
}

// NoBackoff sleeps with time.Sleep.
type NoBackoff struct{}

func (NoBackoff) Sleep(d time.Duration) { // want Sleep:"waits\\(param 0\\)"
	time.Sleep(d)
}

// nopContext adds a context-taking Sleep to a BackoffManager.
type nopContext struct {
	BackoffManager
}

func (b *nopContext) SleepWithContext(ctx context.Context, d time.Duration) {
	b.Sleep(d) // want `SleepWithContext takes a context but waits with b.Sleep, which ignores it`
}

// guarded returns at once for no wait.
type guarded struct {
	m BackoffManager
}

func (g *guarded) SleepWithContext(ctx context.Context, d time.Duration) {
	if d == 0 {
		return
	}
	g.m.Sleep(d) // want `SleepWithContext takes a context but waits with g.m.Sleep, which ignores it`
}

func sleepCtx(ctx context.Context, d time.Duration) {
	time.Sleep(d) // want `sleepCtx takes a context but waits with time.Sleep, which ignores it`
}

func afterCtx(_ context.Context, d time.Duration) {
	<-time.After(d) // want `afterCtx takes a context but waits with <-time.After, which ignores it`
}

func pauseCtx(ctx context.Context, d time.Duration) {
	waitpkg.Pause(d) // want `pauseCtx takes a context but waits with waitpkg.Pause, which ignores it`
}

// Silent: the wait ends with the context.
func sleepSelect(ctx context.Context, d time.Duration) { // want sleepSelect:"ctxquery\\(1\\)"
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
	case <-t.C:
	}
}

// Limiter's SetRate is no wait: no type of the package implements it
// with one.
type Limiter interface {
	SetRate(d time.Duration)
}

type rateAdapter struct {
	Limiter
}

// Silent: SetRate does not wait.
func (r *rateAdapter) SetRateWithContext(ctx context.Context, d time.Duration) {
	r.SetRate(d)
}

// Silent: the function does more than wait.
func sleepLogged(ctx context.Context, d time.Duration, log func(string)) {
	log("sleeping")
	time.Sleep(d)
}

// Silent: the context is handed on.
func sleepVia(ctx context.Context, d time.Duration) {
	sleepSelect(ctx, d)
}
