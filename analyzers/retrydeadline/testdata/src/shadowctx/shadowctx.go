// Package shadowctx: the function an attempt calls replaces its context
// parameter with a timeout of its own (ctx, cancel :=
// context.WithTimeout(ctx, d)), for a duration that is a parameter or a
// field of its receiver.
package shadowctx

import (
	"context"
	"errors"
	"net/http"
	"time"
)

var errGaveUp = errors.New("gave up")

type API struct {
	hc             *http.Client
	attemptTimeout time.Duration
}

func (a *API) once(ctx context.Context, url string) error {
	ctx, cancel := context.WithTimeout(ctx, a.attemptTimeout)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		return err
	}
	resp, err := a.hc.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// Poll retries once: each call is bounded by a.attemptTimeout, the
// whole by nothing.
func (a *API) Poll(ctx context.Context, url string) error { // want Poll:`owntimeout from param 0`
	var err error
	for i := 0; i < 3; i++ {
		if err = a.once(ctx, url); err == nil { // want `per-attempt timeout \(made by once from ctx\) inside retry loop but no overall deadline`
			return nil
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(time.Second):
		}
	}
	return err
}

func attempt(ctx context.Context, c *http.Client, url string, d time.Duration) error {
	ctx, cancel := context.WithTimeout(ctx, d)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		return err
	}
	resp, err := c.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// Fetch hands its duration to attempt on every try.
func Fetch(ctx context.Context, c *http.Client, url string, per time.Duration) error { // want Fetch:`owntimeout from param 0 for param 3`
	var err error
	for i := 0; i <= 4; i++ {
		if err = attempt(ctx, c, url, per); err == nil { // want `per-attempt timeout \(made by attempt from ctx\) inside retry loop but no overall deadline`
			return nil
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(500 * time.Millisecond):
		}
	}
	return err
}

// ---- must stay silent ----

// fetchAll's only caller gives it a deadline: the caller bounds the
// operation.
func (a *API) fetchAll(ctx context.Context, url string) error {
	var err error
	for i := 0; i < 3; i++ {
		if err = a.once(ctx, url); err == nil {
			return nil
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(time.Second):
		}
	}
	return err
}

func (a *API) Sync(ctx context.Context, url string) error { // want Sync:`owntimeout\(30s\) from param 0`
	ctx, cancel := context.WithTimeout(ctx, 30*time.Second)
	defer cancel()
	return a.fetchAll(ctx, url)
}

// get makes its per-attempt timeouts from ctx, which each caller bounds,
// one of them through its own caller.
func (a *API) get(ctx context.Context, url string) error {
	var err error
	for i := 0; i < 3; i++ {
		actx, cancel := context.WithTimeout(ctx, a.attemptTimeout)
		req, _ := http.NewRequestWithContext(actx, http.MethodGet, url, nil)
		resp, rerr := a.hc.Do(req)
		cancel()
		if err = rerr; err == nil {
			return resp.Body.Close()
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(time.Second):
		}
	}
	return err
}

func (a *API) relay(ctx context.Context, url string) error {
	return a.get(ctx, url)
}

func (a *API) Refresh(ctx context.Context, url string) error { // want Refresh:`owntimeout\(1m0s\) from param 0`
	opCtx, cancel := context.WithTimeout(ctx, time.Minute)
	defer cancel()
	if err := a.get(opCtx, url); err != nil {
		return err
	}
	return a.relay(opCtx, url)
}

// Once calls once a single time: no retry.
func (a *API) Once(ctx context.Context, url string) error { // want Once:`owntimeout from param 0 for recv.attemptTimeout`
	return a.once(ctx, url)
}
