// Package cancelctx holds retry loops whose per-attempt timeouts derive
// from a child of the caller's context that adds no deadline of its own
// (context.WithCancel, WithCancelCause, WithValue), and look-alikes whose
// cancel function is handed to a timer: a deadline by other means.
package cancelctx

import (
	"context"
	"errors"
	"net/http"
	"time"
)

const perTry = 2 * time.Second

type key struct{}

func cancelled(ctx context.Context, c *http.Client, url string) (*http.Response, error) {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	for attempt := 0; attempt < 3; attempt++ {
		actx, acancel := context.WithTimeout(ctx, perTry) // want `per-attempt timeout \(context.WithTimeout\) inside retry loop but no overall deadline`
		req, _ := http.NewRequestWithContext(actx, http.MethodGet, url, nil)
		resp, err := c.Do(req)
		acancel()
		if err == nil {
			return resp, nil
		}
	}
	return nil, errors.New("no attempt succeeded")
}

func valued(ctx context.Context, c *http.Client, url string) (*http.Response, error) {
	ctx = context.WithValue(ctx, key{}, "fetch")
	for attempt := 0; attempt < 3; attempt++ {
		actx, acancel := context.WithTimeout(ctx, perTry) // want `per-attempt timeout \(context.WithTimeout\) inside retry loop but no overall deadline`
		req, _ := http.NewRequestWithContext(actx, http.MethodGet, url, nil)
		resp, err := c.Do(req)
		acancel()
		if err == nil {
			return resp, nil
		}
	}
	return nil, errors.New("no attempt succeeded")
}

type env struct {
	c       *http.Client
	timeout time.Duration
}

func (e *env) setStatus(ctx context.Context, url string) error {
	ctx, cancel := context.WithTimeout(ctx, e.timeout)
	defer cancel()
	req, _ := http.NewRequestWithContext(ctx, http.MethodPut, url, nil)
	resp, err := e.c.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// A worker made of a cancellable child of the caller's context, whose
// attempts each get a timeout from the callee.
func (e *env) SetStatus(ctx context.Context, url string) {
	ctx, cancel := context.WithCancelCause(ctx)
	_ = cancel
	go func() {
		tick := time.NewTicker(time.Second)
		defer tick.Stop()
		for i := 0; ; i++ {
			if err := e.setStatus(ctx, url); err == nil || i >= 5 { // want `per-attempt timeout \(made by setStatus from ctx\) inside retry loop but no overall deadline`
				return
			}
			select {
			case <-ctx.Done():
				return
			case <-tick.C:
			}
		}
	}()
}

func withTimeout(ctx context.Context, d time.Duration) (context.Context, context.CancelFunc) {
	if d <= 0 {
		return ctx, func() {}
	}
	return context.WithTimeout(ctx, d)
}

func detach(parent context.Context) context.Context {
	detached, cancel := context.WithCancel(context.WithoutCancel(parent))
	go func() { <-parent.Done(); cancel() }()
	return detached
}

// The caller's deadline is taken off and its whole budget given to every
// attempt: a base made before the loop from the caller's context on every
// path.
func detachedBudget(ctx context.Context, c *http.Client, url string) (*http.Response, error) {
	budget := 10 * time.Second
	base := ctx
	if dl, ok := ctx.Deadline(); ok {
		budget = time.Until(dl)
		base = detach(ctx)
	}
	for attempt := 0; attempt < 3; attempt++ {
		actx, cancel := withTimeout(base, budget) // want `per-attempt timeout \(made by withTimeout from base\) inside retry loop but no overall deadline`
		req, _ := http.NewRequestWithContext(actx, http.MethodGet, url, nil)
		resp, err := c.Do(req)
		cancel()
		if err == nil {
			return resp, nil
		}
		select {
		case <-time.After(200 * time.Millisecond << attempt):
		case <-base.Done():
			return nil, base.Err()
		}
	}
	return nil, errors.New("no attempt succeeded")
}

// Silent: the cancel function is handed to a timer, which ends every
// attempt and wait after budget.
func timerCancelled(ctx context.Context, c *http.Client, url string, budget time.Duration) (*http.Response, error) {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	t := time.AfterFunc(budget, cancel)
	defer t.Stop()
	for attempt := 0; attempt < 3; attempt++ {
		actx, acancel := context.WithTimeout(ctx, perTry)
		req, _ := http.NewRequestWithContext(actx, http.MethodGet, url, nil)
		resp, err := c.Do(req)
		acancel()
		if err == nil {
			return resp, nil
		}
	}
	return nil, errors.New("no attempt succeeded")
}

type watched struct {
	stop context.CancelFunc
}

// Silent: the cancel function is kept for another to call.
func (w *watched) fetch(ctx context.Context, c *http.Client, url string) (*http.Response, error) {
	ctx, w.stop = context.WithCancel(ctx)
	for attempt := 0; attempt < 3; attempt++ {
		actx, acancel := context.WithTimeout(ctx, perTry)
		req, _ := http.NewRequestWithContext(actx, http.MethodGet, url, nil)
		resp, err := c.Do(req)
		acancel()
		if err == nil {
			return resp, nil
		}
	}
	return nil, errors.New("no attempt succeeded")
}

// Silent: the base holds the caller's context on one path and a deadline
// of the function's own on the other.
func ownOnOnePath(ctx context.Context, c *http.Client, url string, budget time.Duration) (*http.Response, error) {
	base := ctx
	if budget > 0 {
		var cancel context.CancelFunc
		base, cancel = context.WithTimeout(ctx, budget)
		defer cancel()
	}
	for attempt := 0; attempt < 3; attempt++ {
		actx, acancel := context.WithTimeout(base, perTry)
		req, _ := http.NewRequestWithContext(actx, http.MethodGet, url, nil)
		resp, err := c.Do(req)
		acancel()
		if err == nil {
			return resp, nil
		}
	}
	return nil, errors.New("no attempt succeeded")
}
