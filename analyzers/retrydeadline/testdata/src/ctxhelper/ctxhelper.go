// Package ctxhelper holds retries whose waits end with the caller's
// context while each attempt goes through helpers that send without one.
package ctxhelper

import (
	"context"
	"io"
	"net/http"
	"time"
)

type client struct {
	hc   *http.Client
	base string
}

// ---- must flag ----

// getConfig sends a URL send, with no context.
func (c *client) getConfig(path string) ([]byte, error) {
	resp, err := c.hc.Get(c.base + path)
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	return io.ReadAll(resp.Body)
}

// sync reaches the send through getConfig.
func (c *client) sync() (int, error) {
	b, err := c.getConfig("/config")
	if err != nil {
		return 0, err
	}
	return len(b), nil
}

// Watch retries sync until it succeeds; its waits end with ctx, but an
// attempt in flight does not.
func (c *client) Watch(ctx context.Context) (int, error) { // want Watch:`ctxquery\(1\)`
	for {
		n, err := c.sync() // want `attempt sent without ctx, which ends the retry: sync sends its request without a context`
		if err == nil {
			return n, nil
		}
		select {
		case <-ctx.Done():
			return 0, ctx.Err()
		case <-time.After(time.Second):
		}
	}
}

// Refresh syncs once: a call outside the retry, given context.TODO() by
// the fix.
func (c *client) Refresh() error {
	_, err := c.sync()
	return err
}

// ping builds its request with http.NewRequest.
func ping(hc *http.Client, url string) error {
	req, err := http.NewRequest(http.MethodHead, url, nil)
	if err != nil {
		return err
	}
	resp, err := hc.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// Ready polls ping with a counted loop.
func Ready(ctx context.Context, hc *http.Client, url string) error { // want Ready:`ctxquery\(1\)`
	var err error
	for i := 0; i < 10; i++ {
		if err = ping(hc, url); err == nil { // want `attempt sent without ctx, which ends the retry: ping sends its request without a context`
			return nil
		}
		t := time.NewTimer(200 * time.Millisecond)
		select {
		case <-ctx.Done():
			t.Stop()
			return ctx.Err()
		case <-t.C:
		}
	}
	return err
}

// ---- must stay silent ----

// pingCtx takes the context and builds the request with it.
func pingCtx(ctx context.Context, hc *http.Client, url string) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodHead, url, nil)
	if err != nil {
		return err
	}
	resp, err := hc.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

func ReadyCtx(ctx context.Context, hc *http.Client, url string) error {
	var err error
	for i := 0; i < 10; i++ {
		if err = pingCtx(ctx, hc, url); err == nil {
			return nil
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(200 * time.Millisecond):
		}
	}
	return err
}

// Ping is exported: its callers outside the package would break, so the
// attempt through it is not reported.
func Ping(hc *http.Client, url string) error { return ping(hc, url) }

func ReadyExported(ctx context.Context, hc *http.Client, url string) error { // want ReadyExported:`ctxquery\(1\)`
	var err error
	for i := 0; i < 10; i++ {
		if err = Ping(hc, url); err == nil {
			return nil
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(200 * time.Millisecond):
		}
	}
	return err
}

// sendReq sends the request it is handed, which carries its caller's
// context.
func sendReq(hc *http.Client, req *http.Request) error {
	resp, err := hc.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

func ReadyReq(ctx context.Context, hc *http.Client, url string) error {
	var err error
	for i := 0; i < 10; i++ {
		req, rerr := http.NewRequestWithContext(ctx, http.MethodHead, url, nil)
		if rerr != nil {
			return rerr
		}
		if err = sendReq(hc, req); err == nil {
			return nil
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(200 * time.Millisecond):
		}
	}
	return err
}

// head builds its request with http.NewRequest.
func head(hc *http.Client, url string) error {
	req, err := http.NewRequest(http.MethodHead, url, nil)
	if err != nil {
		return err
	}
	resp, err := hc.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// Blind waits with time.Sleep: no context ends the retry, so there is
// no attempt rule to apply (the wait is another finding's).
func Blind(hc *http.Client, url string) error {
	var err error
	for i := 0; i < 3; i++ {
		if err = head(hc, url); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

// probe is the attempt of two retries: the fixes of two findings would
// not agree on what each call passes, so neither is reported.
func probe(hc *http.Client, url string) error { return head(hc, url) }

func ReadyA(ctx context.Context, hc *http.Client, url string) error { // want ReadyA:`ctxquery\(1\)`
	var err error
	for i := 0; i < 10; i++ {
		if err = probe(hc, url); err == nil {
			return nil
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(200 * time.Millisecond):
		}
	}
	return err
}

func ReadyB(ctx context.Context, hc *http.Client, url string) error { // want ReadyB:`ctxquery\(1\)`
	for {
		if err := probe(hc, url); err == nil {
			return nil
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(time.Second):
		}
	}
}

// pingValue is used as a value: its calls are not all known.
func pingValue(hc *http.Client, url string) error { return ping(hc, url) }

var checks = []func(*http.Client, string) error{pingValue}

func ReadyValue(ctx context.Context, hc *http.Client, url string) error { // want ReadyValue:`ctxquery\(1\)`
	var err error
	for i := 0; i < 10; i++ {
		if err = pingValue(hc, url); err == nil {
			return nil
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(200 * time.Millisecond):
		}
	}
	return err
}

// fetchUnnamed has an unnamed parameter, which a named ctx cannot join.
func (c *client) fetchUnnamed(int) error {
	resp, err := c.hc.Get(c.base)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

func (c *client) ReadyUnnamed(ctx context.Context) error { // want ReadyUnnamed:`ctxquery\(1\)`
	for {
		if err := c.fetchUnnamed(0); err == nil {
			return nil
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(time.Second):
		}
	}
}

// getVia is called as a method expression elsewhere, whose first
// argument is the receiver.
func (c *client) getVia(path string) error {
	resp, err := c.hc.Get(c.base + path)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

func (c *client) ReadyVia(ctx context.Context) error { // want ReadyVia:`ctxquery\(1\)`
	for {
		if err := c.getVia("/ready"); err == nil {
			return nil
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(time.Second):
		}
	}
}

func (c *client) once() error { return (*client).getVia(c, "/once") }

// lower is reached by the attempts of two retries through helpers of
// their own: the two fixes would disagree on what lower's calls pass.
func (c *client) lower(path string) error {
	resp, err := c.hc.Get(c.base + path)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

func (c *client) upperOne() error { return c.lower("/one") }
func (c *client) upperTwo() error { return c.lower("/two") }

func (c *client) LoopOne(ctx context.Context) error { // want LoopOne:`ctxquery\(1\)`
	for {
		if err := c.upperOne(); err == nil {
			return nil
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(time.Second):
		}
	}
}

func (c *client) LoopTwo(ctx context.Context) error { // want LoopTwo:`ctxquery\(1\)`
	for {
		if err := c.upperTwo(); err == nil {
			return nil
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(time.Second):
		}
	}
}
