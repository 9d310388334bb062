// Package callerctx holds retry loops whose per-attempt timeouts derive
// from the caller's context: the caller's deadline, when it has one, is
// the only bound over the attempts and the waits.
package callerctx

import (
	"context"
	"errors"
	"io"
	"net/http"
	"time"
)

const perTry = 2 * time.Second

func fromParam(ctx context.Context, c *http.Client, url string) (*http.Response, error) {
	for attempt := 0; attempt < 3; attempt++ {
		actx, cancel := context.WithTimeout(ctx, perTry) // want `per-attempt timeout \(context.WithTimeout\) inside retry loop but no overall deadline`
		req, _ := http.NewRequestWithContext(actx, http.MethodGet, url, nil)
		resp, err := c.Do(req)
		cancel()
		if err == nil {
			return resp, nil
		}
	}
	return nil, errors.New("no attempt succeeded")
}

type transport struct {
	next       http.RoundTripper
	TryTimeout time.Duration // 0: no per-try timeout
	MaxRetries int
}

// A per-try timeout made only when one is configured, from the context of
// the request the transport was handed.
func (t *transport) RoundTrip(req *http.Request) (resp *http.Response, err error) { // want RoundTrip:"owntimeout from param 0.s context for recv.TryTimeout conditional"
	for try := 1; ; try++ {
		if t.TryTimeout == 0 {
			resp, err = t.next.RoundTrip(req)
		} else {
			tryCtx, cancel := context.WithTimeout(req.Context(), t.TryTimeout) // want `per-attempt timeout \(context.WithTimeout\) inside retry loop but no overall deadline`
			resp, err = t.next.RoundTrip(req.WithContext(tryCtx))
			cancel()
		}
		if err == nil || try == t.MaxRetries+1 {
			return resp, err
		}
		select {
		case <-time.After(time.Duration(try) * time.Second):
		case <-req.Context().Done():
			return nil, req.Context().Err()
		}
	}
}

type cancelBody struct {
	io.ReadCloser
	cancel context.CancelFunc
}

func (b cancelBody) Close() error {
	b.cancel()
	return b.ReadCloser.Close()
}

// The per-try timeout goes on with the response body that the caller
// reads after the transport returned: a deadline cancelled on return
// would cut it, so the loop gets a wall-clock budget.
func (t *transport) stream(req *http.Request) (*http.Response, error) {
	for try := 1; ; try++ {
		tryCtx, cancel := context.WithTimeout(req.Context(), t.TryTimeout) // want `per-attempt timeout \(context.WithTimeout\) inside retry loop but no overall deadline`
		resp, err := t.next.RoundTrip(req.WithContext(tryCtx))
		if err == nil {
			resp.Body = cancelBody{resp.Body, cancel}
			return resp, nil
		}
		cancel()
		if try == t.MaxRetries+1 {
			return nil, err
		}
		select {
		case <-time.After(time.Second):
		case <-req.Context().Done():
			return nil, req.Context().Err()
		}
	}
}

type requestConfig struct {
	Request        *http.Request
	RequestTimeout time.Duration
	MaxRetries     int
	handler        func(*http.Request) (*http.Response, error)
}

func beforeDeadline(t time.Time, ctx context.Context) bool { // want beforeDeadline:"ctxquery\\(10\\)"
	d, ok := ctx.Deadline()
	return !ok || t.Before(d)
}

// The attempt's timeout is made from a copy of the caller's context, and
// only when it would end before the caller's deadline: the clock decides
// the timeout, not the end of the loop.
func (cfg *requestConfig) send(ctx context.Context) (*http.Response, error) {
	var res *http.Response
	var err error
	for retry := 0; ; retry++ {
		callerCtx := ctx
		ctx := callerCtx
		var cancel context.CancelFunc
		if cfg.RequestTimeout != 0 && beforeDeadline(time.Now().Add(cfg.RequestTimeout), callerCtx) {
			ctx, cancel = context.WithTimeout(callerCtx, cfg.RequestTimeout) // want `per-attempt timeout \(context.WithTimeout\) inside retry loop but no overall deadline`
		}
		res, err = cfg.handler(cfg.Request.Clone(ctx))
		if cancel != nil {
			cancel()
		}
		if err == nil || retry >= cfg.MaxRetries {
			return res, err
		}
		select {
		case <-callerCtx.Done():
			return nil, callerCtx.Err()
		case <-time.After(time.Second):
		}
	}
}

// ---- must stay silent ----

// One deadline over the attempts, made from the caller's context.
func overall(ctx context.Context, c *http.Client, url string) (*http.Response, error) {
	ctx, cancel := context.WithTimeout(ctx, 3*perTry)
	defer cancel()
	for attempt := 0; attempt < 3; attempt++ {
		actx, cancel := context.WithTimeout(ctx, perTry)
		req, _ := http.NewRequestWithContext(actx, http.MethodGet, url, nil)
		resp, err := c.Do(req)
		cancel()
		if err == nil {
			return resp, nil
		}
	}
	return nil, errors.New("no attempt succeeded")
}

// The same, the parameter given the deadline in place.
func overallInPlace(ctx context.Context, c *http.Client, url string) (*http.Response, error) {
	var cancel context.CancelFunc
	ctx, cancel = context.WithTimeout(ctx, time.Minute)
	defer cancel()
	for attempt := 0; attempt < 3; attempt++ {
		actx, cancel := context.WithTimeout(ctx, perTry)
		req, _ := http.NewRequestWithContext(actx, http.MethodGet, url, nil)
		resp, err := c.Do(req)
		cancel()
		if err == nil {
			return resp, nil
		}
	}
	return nil, errors.New("no attempt succeeded")
}

// A goroutine's loop under a deadline its enclosing function made.
func overallOutside(ctx context.Context, c *http.Client, url string) <-chan *http.Response {
	out := make(chan *http.Response, 1)
	ctx, cancel := context.WithTimeout(ctx, time.Minute)
	go func() {
		defer cancel()
		for attempt := 0; attempt < 3; attempt++ {
			actx, cancel := context.WithTimeout(ctx, perTry)
			req, _ := http.NewRequestWithContext(actx, http.MethodGet, url, nil)
			resp, err := c.Do(req)
			cancel()
			if err == nil {
				out <- resp
				return
			}
		}
		close(out)
	}()
	return out
}

// One request per item, each with its own timeout: iteration.
func perItem(ctx context.Context, c *http.Client, urls []string) error {
	for _, url := range urls {
		actx, cancel := context.WithTimeout(ctx, perTry)
		req, _ := http.NewRequestWithContext(actx, http.MethodGet, url, nil)
		resp, err := c.Do(req)
		cancel()
		if err != nil {
			return err
		}
		resp.Body.Close()
	}
	return nil
}
