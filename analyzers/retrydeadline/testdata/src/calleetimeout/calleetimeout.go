// Package calleetimeout holds retry loops whose per-attempt timeout is
// made by a function they call, directly or through others.
package calleetimeout

import (
	"context"
	"errors"
	"io"
	"net/http"
	"time"
)

const defaultTimeout = 10 * time.Second

type Client struct {
	hc  *http.Client
	url string
}

// startContext sends with the context it is given.
func (c *Client) startContext(ctx context.Context) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.url, nil)
	if err != nil {
		return err
	}
	resp, err := c.hc.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// Start makes a timeout of its own from context.Background().
func (c *Client) Start() error { // want Start:`owntimeout\(10s\)`
	ctx, cancel := context.WithTimeout(context.Background(), defaultTimeout)
	defer cancel()
	return c.startContext(ctx)
}

type conn struct {
	*Client
	kill chan struct{}
}

// dial makes no timeout itself, but the Start it calls does.
func (r *conn) dial() error {
	return r.Start()
}

var errKilled = errors.New("killed")

// Every reconnection gets Start's ten seconds, and nothing bounds them all.
func (r *conn) connect() error {
	for {
		err := r.dial() // want `per-attempt timeout \(made by dial\) inside retry loop but no overall deadline \(attempts and sleeps are unbounded\)`
		if err == nil {
			return nil
		}
		select {
		case <-time.After(time.Second):
		case <-r.kill:
			return errKilled
		}
	}
}

// withTimeout makes a timeout from the context it is passed and hands it
// back in the request.
func withTimeout(ctx context.Context, req *http.Request, d time.Duration) (*http.Request, context.CancelFunc) {
	tctx, cancel := context.WithTimeout(ctx, d)
	return req.WithContext(tctx), cancel
}

// attemptRequest adds nothing but passes its caller's context and
// duration on.
func attemptRequest(ctx context.Context, req *http.Request, d time.Duration) (*http.Request, context.CancelFunc) {
	return withTimeout(ctx, req, d)
}

func requestContext(req *http.Request) context.Context {
	return req.Context()
}

type Transport struct {
	next              http.RoundTripper
	PerAttemptTimeout time.Duration // 0: none
	MaxRetries        int
}

// A per-attempt timeout, when one is configured, made by a helper from
// the request's context: no deadline over the attempts.
func (t *Transport) RoundTrip(req *http.Request) (*http.Response, error) {
	ctx := requestContext(req)
	for attempt := 0; ; attempt++ {
		r, cancel := req, context.CancelFunc(func() {})
		if t.PerAttemptTimeout != 0 {
			r, cancel = attemptRequest(ctx, req, t.PerAttemptTimeout) // want `per-attempt timeout \(made by attemptRequest from ctx\) inside retry loop but no overall deadline`
		}
		res, err := t.next.RoundTrip(r)
		if err == nil || attempt == t.MaxRetries {
			return res, err
		}
		cancel()
		select {
		case <-time.After(time.Second):
		case <-ctx.Done():
			return nil, ctx.Err()
		}
	}
}

type cancelOnClose struct {
	io.ReadCloser
	cancel context.CancelFunc
}

func (b cancelOnClose) Close() error {
	b.cancel()
	return b.ReadCloser.Close()
}

// withCancel hands the attempt's cancel function to the response body.
func withCancel(res *http.Response, cancel context.CancelFunc) *http.Response {
	if res != nil {
		res.Body = cancelOnClose{res.Body, cancel}
	}
	return res
}

// The same, the attempt's context going on with the body that the caller
// reads after RoundTrip returned: a wall-clock budget, not a deadline
// cancelled on return.
func (t *Transport) streaming(req *http.Request) (*http.Response, error) {
	ctx := requestContext(req)
	for attempt := 0; ; attempt++ {
		r, cancel := req, context.CancelFunc(func() {})
		if t.PerAttemptTimeout != 0 {
			r, cancel = attemptRequest(ctx, req, t.PerAttemptTimeout) // want `per-attempt timeout \(made by attemptRequest from ctx\) inside retry loop but no overall deadline`
		}
		res, err := t.next.RoundTrip(r)
		if err == nil || attempt == t.MaxRetries {
			return withCancel(res, cancel), err
		}
		cancel()
		select {
		case <-time.After(time.Second):
		case <-ctx.Done():
			return nil, ctx.Err()
		}
	}
}

// ---- must stay silent ----

// The same helper under one deadline made before the loop.
func (t *Transport) bounded(req *http.Request) (*http.Response, error) {
	ctx, opCancel := context.WithTimeout(req.Context(), time.Minute)
	defer opCancel()
	for attempt := 0; ; attempt++ {
		r, cancel := attemptRequest(ctx, req, time.Second)
		res, err := t.next.RoundTrip(r)
		cancel()
		if err == nil || attempt == t.MaxRetries {
			return res, err
		}
		select {
		case <-time.After(time.Second):
		case <-ctx.Done():
			return nil, ctx.Err()
		}
	}
}

// wait makes a timeout from its caller's context but keeps it: it neither
// sends under it nor hands it back.
func wait(ctx context.Context, d time.Duration) error {
	tctx, cancel := context.WithTimeout(ctx, d)
	defer cancel()
	<-tctx.Done()
	return nil
}

func (c *Client) pauses(ctx context.Context) error {
	for range 3 {
		if err := c.startContext(ctx); err == nil {
			return nil
		}
		if err := wait(ctx, time.Second); err != nil {
			return err
		}
	}
	return errors.New("no attempt succeeded")
}

// One Start per client: iteration, not a retry.
func startAll(clients []*Client) error {
	for _, c := range clients {
		if err := c.Start(); err != nil {
			return err
		}
	}
	return nil
}

// doOnce makes each attempt's timeout from the context of the request it
// is handed.
func doOnce(req *http.Request, timeout time.Duration) error {
	ctx, cancel := context.WithTimeout(req.Context(), timeout)
	defer cancel()
	resp, err := http.DefaultClient.Do(req.WithContext(ctx))
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// The request the function is handed carries the caller's context.
func retryHanded(req *http.Request) error {
	var last error
	for i := 0; i < 5; i++ {
		if last = doOnce(req, time.Minute); last == nil { // want `per-attempt timeout \(made by doOnce from req\) inside retry loop but no overall deadline`
			return nil
		}
		select {
		case <-time.After(time.Second):
		case <-req.Context().Done():
			return req.Context().Err()
		}
	}
	return last
}

// Silent: the request is built here on a deadline the function set.
func retryOwnDeadline(url string) error {
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		return err
	}
	var last error
	for i := 0; i < 5; i++ {
		if last = doOnce(req, time.Minute); last == nil {
			return nil
		}
		select {
		case <-time.After(time.Second):
		case <-ctx.Done():
			return ctx.Err()
		}
	}
	return last
}
