// Package gotoloop holds retry loops written with goto: a label before
// the attempt and a goto back to it.
package gotoloop

import (
	"context"
	"net/http"
	"time"
)

// ---- must flag ----

func gotoTimeout(ctx context.Context, c *http.Client, u string) (*http.Response, error) {
retry:
	actx, cancel := context.WithTimeout(ctx, 10*time.Second) // want `per-attempt timeout \(context.WithTimeout\) inside retry loop but no overall deadline \(attempts and sleeps are unbounded\)`
	req, err := http.NewRequestWithContext(actx, http.MethodGet, u, nil)
	if err != nil {
		cancel()
		return nil, err
	}
	resp, err := c.Do(req)
	cancel()
	if err != nil {
		time.Sleep(time.Second)
		goto retry
	}
	return resp, nil
}

func gotoCounted(ctx context.Context, c *http.Client, u string) (*http.Response, error) {
	attempt := 0
retry:
	actx, cancel := context.WithTimeout(ctx, 10*time.Second) // want `per-attempt timeout \(context.WithTimeout\) inside retry loop but no overall deadline \(the attempts plus the waits between them can take many times the per-attempt timeout\)`
	req, err := http.NewRequestWithContext(actx, http.MethodGet, u, nil)
	if err != nil {
		cancel()
		return nil, err
	}
	resp, err := c.Do(req)
	cancel()
	if err != nil && attempt < 3 {
		attempt++
		goto retry
	}
	return resp, err
}

// ---- must stay silent ----

// An overall deadline made before the label bounds every attempt.
func gotoWithDeadline(ctx context.Context, c *http.Client, u string) (*http.Response, error) {
	ctx, stop := context.WithTimeout(ctx, time.Minute)
	defer stop()
retry:
	actx, cancel := context.WithTimeout(ctx, 10*time.Second)
	req, err := http.NewRequestWithContext(actx, http.MethodGet, u, nil)
	if err != nil {
		cancel()
		return nil, err
	}
	resp, err := c.Do(req)
	cancel()
	if err != nil {
		goto retry
	}
	return resp, nil
}

// A goto forward is not a loop.
func gotoForward(ctx context.Context, c *http.Client, u string) (*http.Response, error) {
	actx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	req, err := http.NewRequestWithContext(actx, http.MethodGet, u, nil)
	if err != nil {
		goto fail
	}
	return c.Do(req)
fail:
	return nil, err
}
