// Package spanctx makes per-attempt timeouts from a context that a
// tracer's span was started on.
package spanctx

import (
	"context"
	"net/http"
	"time"

	"example.com/spans"
)

// Span ends a traced operation.
type Span interface{ End() }

// Tracer starts spans, as OpenTelemetry's does.
type Tracer interface {
	Start(ctx context.Context, name string) (context.Context, Span)
}

var tracer Tracer

// fetch starts a span, then gives each of three attempts five seconds:
// the caller's deadline, if any, is the only bound over all of them.
func fetch(ctx context.Context, c *http.Client, url string) (*http.Response, error) {
	ctx, span := tracer.Start(ctx, "fetch")
	defer span.End()
	var err error
	for range 3 {
		actx, cancel := context.WithTimeout(ctx, 5*time.Second) // want `per-attempt timeout \(context.WithTimeout\) inside retry loop but no overall deadline`
		req, _ := http.NewRequestWithContext(actx, http.MethodGet, url, nil)
		var resp *http.Response
		resp, err = c.Do(req)
		cancel()
		if err == nil {
			return resp, nil
		}
		time.Sleep(time.Second)
	}
	return nil, err
}

// withBudget gives the operation a deadline of d and hands back no
// cancel function: it may make a deadline, so a timeout made from its
// context is not known to be the caller's alone (silent).
func withBudget(ctx context.Context, d time.Duration) context.Context {
	ctx, _ = context.WithTimeout(ctx, d) //nolint:lostcancel
	return ctx
}

func fetchBudget(ctx context.Context, c *http.Client, url string) (*http.Response, error) {
	ctx = withBudget(ctx, time.Minute)
	var err error
	for range 3 {
		actx, cancel := context.WithTimeout(ctx, 5*time.Second)
		req, _ := http.NewRequestWithContext(actx, http.MethodGet, url, nil)
		var resp *http.Response
		resp, err = c.Do(req)
		cancel()
		if err == nil {
			return resp, nil
		}
		select {
		case <-ctx.Done():
			return nil, ctx.Err()
		case <-time.After(time.Second):
		}
	}
	return nil, err
}

// Limiter hands back a context with a cancel function, which may hold a
// deadline: silent.
type Limiter interface {
	Acquire(ctx context.Context) (context.Context, context.CancelFunc)
}

func fetchLimited(ctx context.Context, l Limiter, c *http.Client, url string) (*http.Response, error) {
	ctx, release := l.Acquire(ctx)
	defer release()
	var err error
	for range 3 {
		actx, cancel := context.WithTimeout(ctx, 5*time.Second)
		req, _ := http.NewRequestWithContext(actx, http.MethodGet, url, nil)
		var resp *http.Response
		resp, err = c.Do(req)
		cancel()
		if err == nil {
			return resp, nil
		}
		select {
		case <-ctx.Done():
			return nil, ctx.Err()
		case <-time.After(time.Second):
		}
	}
	return nil, err
}

// budgetTracer's spans end their operation after 30 seconds: the only
// implementation the package sees makes a deadline (silent).
type BudgetTracer interface {
	Start(ctx context.Context, name string) (context.Context, *budgetSpan)
}

type budgetSpan struct{ cancel context.CancelFunc }

func (b *budgetSpan) End() { b.cancel() }

type budgetTracer struct{}

func (budgetTracer) Start(ctx context.Context, name string) (context.Context, *budgetSpan) { // want Start:"owntimeout\\(30s\\) from param 0"
	ctx, cancel := context.WithTimeout(ctx, 30*time.Second)
	return ctx, &budgetSpan{cancel}
}

var budgeted BudgetTracer = budgetTracer{}

func fetchBudgetTracer(ctx context.Context, c *http.Client, url string) (*http.Response, error) {
	ctx, span := budgeted.Start(ctx, "fetch")
	defer span.End()
	var err error
	for range 3 {
		actx, cancel := context.WithTimeout(ctx, 2*time.Second)
		req, _ := http.NewRequestWithContext(actx, http.MethodGet, url, nil)
		var resp *http.Response
		resp, err = c.Do(req)
		cancel()
		if err == nil {
			return resp, nil
		}
		select {
		case <-ctx.Done():
			return nil, ctx.Err()
		case <-time.After(time.Second):
		}
	}
	return nil, err
}

// fetchSpans starts a span of another package whose span holds the
// cancel of a deadline it made: not known to be the caller's (silent).
func fetchSpans(ctx context.Context, c *http.Client, url string) (*http.Response, error) {
	ctx, span := spans.StartBudgeted(ctx, "fetch")
	defer span.End()
	var err error
	for range 3 {
		actx, cancel := context.WithTimeout(ctx, 2*time.Second)
		req, _ := http.NewRequestWithContext(actx, http.MethodGet, url, nil)
		var resp *http.Response
		resp, err = c.Do(req)
		cancel()
		if err == nil {
			return resp, nil
		}
		select {
		case <-ctx.Done():
			return nil, ctx.Err()
		case <-time.After(time.Second):
		}
	}
	return nil, err
}
