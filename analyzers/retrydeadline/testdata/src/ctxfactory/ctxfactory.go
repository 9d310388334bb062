// Package ctxfactory retries with contexts that a helper of another
// package makes.
package ctxfactory

import (
	"context"
	"errors"
	"net/http"
	"time"

	"ctxfactory/ctxutil"
)

// Each attempt's context times out, made by the helper; nothing bounds
// the attempts together.
func syncNow(url string) error {
	for attempt := 0; attempt < 3; attempt++ {
		ctx, cancel := ctxutil.NewRequestContext() // want `per-attempt timeout \(made by NewRequestContext\) inside retry loop but no overall deadline`
		req, _ := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
		resp, err := http.DefaultClient.Do(req)
		cancel()
		if err == nil {
			resp.Body.Close()
			return nil
		}
		time.Sleep(time.Second)
	}
	return errors.New("sync failed")
}

// The helper bounds the caller's context on each attempt.
func syncCtx(ctx context.Context, url string) error {
	for attempt := 0; attempt < 3; attempt++ {
		actx, cancel := ctxutil.WithRequestTimeout(ctx) // want `per-attempt timeout \(made by WithRequestTimeout from ctx\) inside retry loop but no overall deadline`
		req, _ := http.NewRequestWithContext(actx, http.MethodGet, url, nil)
		resp, err := http.DefaultClient.Do(req)
		cancel()
		if err == nil {
			resp.Body.Close()
			return nil
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(time.Second):
		}
	}
	return errors.New("sync failed")
}

// Silent: one attempt.
func once(url string) error {
	ctx, cancel := ctxutil.NewRequestContext()
	defer cancel()
	req, _ := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// Silent: the helper's context has no deadline.
func detached(url string) error {
	for attempt := 0; attempt < 3; attempt++ {
		req, _ := http.NewRequestWithContext(ctxutil.Detached(), http.MethodGet, url, nil)
		resp, err := http.DefaultClient.Do(req)
		if err == nil {
			return resp.Body.Close()
		}
	}
	return errors.New("sync failed")
}
