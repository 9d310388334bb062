// Package nextstage holds the retry stages of a request pipeline: each
// hands the caller's request, or a wrapper of it, to the next stage
// through an interface or a func value, whose implementation sends it.
package nextstage

import (
	"context"
	"errors"
	"net/http"
	"time"
)

// Request wraps the request a pipeline sends.
type Request struct {
	*http.Request
}

// Copy returns a copy of the request for one attempt.
func (r Request) Copy() Request {
	return Request{r.Request.Clone(r.Context())}
}

// Response is what a stage answers.
type Response interface {
	Response() *http.Response
}

// Policy is one stage of the pipeline.
type Policy interface {
	Do(ctx context.Context, req Request) (Response, error)
}

// PolicyFunc is a stage written as a function.
type PolicyFunc func(ctx context.Context, req Request) (Response, error)

type retryPolicy struct {
	next  Policy
	tries int
}

// Do re-sends a copy of the caller's request through the next stage after
// any error.
func (p retryPolicy) Do(ctx context.Context, req Request) (Response, error) { // want Do:"sends\\(param 1\\)"
	var resp Response
	var err error
	for try := 0; try < p.tries; try++ {
		resp, err = p.next.Do(ctx, req.Copy()) // want `a request of any method is re-sent after a transport error without a check of its method or an Idempotency-Key header`
		if err == nil {
			return resp, nil
		}
		time.Sleep(time.Second)
	}
	return resp, err
}

// withRetries does the same with the next stage as a func value.
func withRetries(next PolicyFunc) PolicyFunc {
	return func(ctx context.Context, req Request) (Response, error) {
		for {
			resp, err := next(ctx, req) // want `a request of any method is re-sent after a transport error`
			if err == nil {
				return resp, nil
			}
			if ctx.Err() != nil {
				return nil, ctx.Err()
			}
		}
	}
}

type secondaryPolicy struct {
	next      Policy
	secondary string
}

// A test of the method that only picks the host of the next attempt
// cannot stop a POST from being sent again.
func (p secondaryPolicy) Do(ctx context.Context, req Request) (Response, error) { // want Do:"sends\\(param 1\\)"
	readOnly := (req.Method == http.MethodGet || req.Method == http.MethodHead) && p.secondary != ""
	var err error
	for try := 1; try <= 3; try++ {
		useSecondary := readOnly && try%2 == 0
		attempt := req.Copy()
		if useSecondary {
			attempt.URL.Host = p.secondary
		}
		var resp Response
		resp, err = p.next.Do(ctx, attempt) // want `a request of any method is re-sent after a transport error`
		if err == nil {
			return resp, nil
		}
	}
	return nil, err
}

// ---- silent ----

// The method checked, through a variable, before another attempt.
type guardedPolicy struct{ next Policy }

func (p guardedPolicy) Do(ctx context.Context, req Request) (Response, error) { // want Do:"sends\\(param 1\\)"
	replayable := req.Method == http.MethodGet || req.Method == http.MethodHead
	for {
		resp, err := p.next.Do(ctx, req.Copy())
		if err == nil {
			return resp, nil
		}
		if !replayable {
			return nil, err
		}
	}
}

// A request built here, with GET, handed to the next stage: its method is
// known, and a GET may be sent again.
func probe(ctx context.Context, next Policy, url string) (Response, error) {
	for range 3 {
		r, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
		if err != nil {
			return nil, err
		}
		resp, err := next.Do(ctx, Request{r})
		if err == nil {
			return resp, nil
		}
	}
	return nil, errors.New("no answer")
}

// One stage called once, no loop.
type logPolicy struct{ next Policy }

func (p logPolicy) Do(ctx context.Context, req Request) (Response, error) { // want Do:"sends\\(param 1\\)"
	return p.next.Do(ctx, req)
}

type statusPolicy struct{ next Policy }

// A stage that hands a transport error back but re-sends after a 5xx
// answer, which may come after the write was applied.
func (p statusPolicy) Do(ctx context.Context, req Request) (Response, error) { // want Do:"sends\\(param 1\\)"
	for try := 0; ; try++ {
		resp, err := p.next.Do(ctx, req) // want `a request of any method is re-sent after status 5\d\d`
		if err != nil {
			return nil, err
		}
		if resp.Response().StatusCode >= 500 && try < 3 {
			continue
		}
		return resp, nil
	}
}

// Cached is a cache entry: a response kept beside its expiry, not the
// answer of a send.
type Cached struct {
	Resp    *http.Response
	Expires time.Time
}

// Cache looks a request up.
type Cache interface {
	Lookup(ctx context.Context, req Request) (*Cached, error)
}

// Polling a cache until it holds the answer sends nothing.
func waitCached(ctx context.Context, c Cache, req Request) (*Cached, error) {
	for {
		e, err := c.Lookup(ctx, req)
		if err == nil {
			return e, nil
		}
		select {
		case <-ctx.Done():
			return nil, ctx.Err()
		case <-time.After(100 * time.Millisecond):
		}
	}
}
