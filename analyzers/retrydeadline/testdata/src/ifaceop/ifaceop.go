// Package ifaceop holds retry policies of a request pipeline: each calls
// the next stage, an interface value it received, again when it fails.
package ifaceop

import (
	"context"
	"errors"
	"time"
)

type Request struct{ Body []byte }

type Response interface{ Status() int }

// Policy is a stage of the pipeline.
type Policy interface {
	Do(ctx context.Context, req *Request) (Response, error)
}

// PolicyFunc is a stage written as a function.
type PolicyFunc func(ctx context.Context, req *Request) (Response, error)

func (f PolicyFunc) Do(ctx context.Context, req *Request) (Response, error) { return f(ctx, req) }

// Factory makes a stage around the next one.
type Factory func(next Policy) Policy

// NewRetryPolicy tries the next stage up to max times, sleeping between
// tries: the sleep outlives a cancelled ctx.
func NewRetryPolicy(max int, delay time.Duration) Factory {
	return func(next Policy) Policy {
		return PolicyFunc(func(ctx context.Context, req *Request) (resp Response, err error) {
			for try := 1; try <= max; try++ {
				if try > 1 {
					time.Sleep(delay) // want `time.Sleep in retry loop ignores cancellation of ctx`
				}
				resp, err = next.Do(ctx, req)
				if err == nil {
					return resp, nil
				}
			}
			return resp, err
		})
	}
}

// Stage is a middleware's next handler.
type Stage interface {
	Handle(ctx context.Context, in string) (string, error)
}

// retryStage calls next again after a failure, with a sleep that ignores
// ctx.
func retryStage(ctx context.Context, next Stage, in string) (string, error) { // want retryStage:"opctx\\(param 0 as op param 0 count 3 pause 1s\\)"
	var err error
	for range 3 {
		var out string
		if out, err = next.Handle(ctx, in); err == nil {
			return out, nil
		}
		time.Sleep(time.Second) // want `time.Sleep in retry loop ignores cancellation of ctx`
	}
	return "", err
}

// retryStageCtx waits on ctx: silent.
func retryStageCtx(ctx context.Context, next Stage, in string) (string, error) { // want retryStageCtx:"opctx\\(param 0 as op param 0 count 3 pause 1s\\)"
	var err error
	for range 3 {
		var out string
		if out, err = next.Handle(ctx, in); err == nil {
			return out, nil
		}
		select {
		case <-ctx.Done():
			return "", ctx.Err()
		case <-time.After(time.Second):
		}
	}
	return "", err
}

// fanOut sends each item once through the next stage: iteration, silent.
func fanOut(ctx context.Context, next Stage, items []string) error {
	for _, it := range items {
		if _, err := next.Handle(ctx, it); err != nil {
			return err
		}
		time.Sleep(10 * time.Millisecond)
	}
	return nil
}

// Stream yields messages; Receive takes only a context.
type Stream interface {
	Receive(ctx context.Context) (string, error)
}

// consume serves a stream: it calls Receive again after every message,
// and sleeps after a failure. Not a retry of one operation: silent.
func consume(ctx context.Context, s Stream, handle func(string)) {
	for {
		m, err := s.Receive(ctx)
		if errors.Is(err, context.Canceled) {
			return
		}
		if err != nil {
			time.Sleep(time.Second)
			continue
		}
		handle(m)
	}
}

// Reader reads without a context.
type Reader interface {
	Read(p []byte) (int, error)
}

// tail reads again after a failure, sleeping: a Read is no operation with
// a context, silent.
func tail(ctx context.Context, r Reader, p []byte) (int, error) { // want tail:"ctxquery\\(1\\)"
	for {
		n, err := r.Read(p)
		if err == nil {
			return n, nil
		}
		if ctx.Err() != nil {
			return 0, ctx.Err()
		}
		time.Sleep(time.Second)
	}
}

// Queue receives with a wait of its own.
type Queue interface {
	Receive(ctx context.Context, wait time.Duration) (string, error)
}

// drainQueue serves a queue: it receives again after every message and
// sleeps after a failure. Its loop counts nothing: not a retry, silent.
func drainQueue(ctx context.Context, q Queue, handle func(string)) {
	for ctx.Err() == nil {
		m, err := q.Receive(ctx, 20*time.Second)
		if err != nil {
			time.Sleep(time.Second)
			continue
		}
		handle(m)
	}
}

// Syncer applies a configuration.
type Syncer interface {
	Sync(ctx context.Context, cfg string) error
}

// reconcile syncs on every tick, each run under a timeout of its own,
// until ctx ends: a schedule, not a retry; silent.
func reconcile(ctx context.Context, s Syncer, cfg string, tick <-chan time.Time) {
	for {
		rctx, cancel := context.WithTimeout(ctx, 10*time.Second)
		_ = s.Sync(rctx, cfg)
		cancel()
		select {
		case <-ctx.Done():
			return
		case <-tick:
		}
	}
}
