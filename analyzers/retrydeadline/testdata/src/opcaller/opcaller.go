// Package opcaller holds operations handed to in-house retry helpers whose
// per-attempt timeout derives from the context the helper hands them: the
// caller's, when the call gives the helper the caller's context.
package opcaller

import (
	"context"
	"errors"
	"net/http"
	"time"
)

// retryCtx hands fn the context it was given and waits a second between
// attempts, in a select on ctx.
func retryCtx(ctx context.Context, attempts int, fn func(context.Context) error) error { // want retryCtx:"opctx\\(param 0 as op param 0 count param 1 pause 1s\\)"
	var err error
	for i := 0; i < attempts; i++ {
		if err = fn(ctx); err == nil {
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

// retryPause takes its pause from its caller.
func retryPause(ctx context.Context, attempts int, pause time.Duration, fn func(context.Context, int) error) error { // want retryPause:"opctx\\(param 0 as op param 0 count param 1 pause param 2\\)"
	var err error
	for i := range attempts {
		if err = fn(ctx, i); err == nil {
			return nil
		}
		t := time.NewTimer(pause)
		select {
		case <-ctx.Done():
			t.Stop()
			return ctx.Err()
		case <-t.C:
		}
	}
	return err
}

func backoff(i int) time.Duration { return time.Duration(1<<i) * 100 * time.Millisecond }

// retryFour makes four attempts, waiting longer each time.
func retryFour(ctx context.Context, fn func(context.Context) error) error { // want retryFour:"opctx\\(param 0 as op param 0 count 4\\)"
	var err error
	for i := 0; i < 4; i++ {
		if err = fn(ctx); err == nil {
			return nil
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(backoff(i)):
		}
	}
	return err
}

type Client struct {
	hc       *http.Client
	attempts int
	timeout  time.Duration
	pause    time.Duration
}

// retry retries until the operation succeeds or ctx ends.
func (c *Client) retry(ctx context.Context, fn func(context.Context) error) error { // want retry:"opctx\\(param 0 as op param 0 pause recv.pause\\)"
	for {
		err := fn(ctx)
		if err == nil {
			return nil
		}
		select {
		case <-ctx.Done():
			return errors.Join(err, ctx.Err())
		case <-time.After(c.pause):
		}
	}
}

func (c *Client) get(ctx context.Context, url string) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		return err
	}
	resp, err := c.hc.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// ---- must be reported ----

// Five ten-second attempts and the pauses, bounded only by the caller.
func (c *Client) Get(ctx context.Context, url string) error {
	return retryCtx(ctx, 5, func(ctx context.Context) error {
		actx, cancel := context.WithTimeout(ctx, 10*time.Second) // want `per-attempt timeout \(context.WithTimeout\) inside an operation retried by retryCtx but no overall deadline`
		defer cancel()
		return c.get(actx, url)
	})
}

// The count and the pause are the caller's: the deadline is sized from
// the arguments.
func (c *Client) Fetch(ctx context.Context, url string) error {
	err := retryPause(ctx, c.attempts, c.pause, func(ctx context.Context, _ int) error {
		actx, cancel := context.WithTimeout(ctx, c.timeout) // want `per-attempt timeout \(context.WithTimeout\) inside an operation retried by retryPause but no overall deadline`
		defer cancel()
		return c.get(actx, url)
	})
	return err
}

// The operation is made before the call; the helper's count is its own.
func (c *Client) Poll(ctx context.Context, url string) error {
	op := func(ctx context.Context) error {
		actx, cancel := context.WithDeadline(ctx, time.Now().Add(2*time.Second)) // want `per-attempt timeout \(context.WithDeadline\) inside an operation retried by retryFour but no overall deadline`
		defer cancel()
		return c.get(actx, url)
	}
	if err := retryFour(ctx, op); err != nil {
		return err
	}
	return nil
}

// The request's context is the caller's; the helper retries without a
// count, and waits its receiver's pause.
func (c *Client) Handle(w http.ResponseWriter, r *http.Request) {
	err := c.retry(r.Context(), func(ctx context.Context) error {
		actx, cancel := context.WithTimeout(ctx, 3*time.Second) // want `per-attempt timeout \(context.WithTimeout\) inside an operation retried by retry but no overall deadline`
		defer cancel()
		return c.get(actx, "http://upstream/")
	})
	if err != nil {
		w.WriteHeader(http.StatusBadGateway)
	}
}

// A context without a deadline handed to the helper bounds nothing.
func (c *Client) Warm(url string) error {
	ctx := context.Background()
	return retryCtx(ctx, 2, func(ctx context.Context) error {
		actx, cancel := context.WithTimeout(ctx, 10*time.Second) // want `per-attempt timeout \(context.WithTimeout\) inside an operation retried by retryCtx but no overall deadline`
		defer cancel()
		return c.get(actx, url)
	})
}

// retryUpTo makes the first attempt and up to retries more.
func retryUpTo(ctx context.Context, retries int, fn func(context.Context) error) error { // want retryUpTo:"opctx\\(param 0 as op param 0 count param 1\\+1 pause 500ms\\)"
	var err error
	for i := 0; i <= retries; i++ {
		if err = fn(ctx); err == nil {
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

// The attempt's timeout is made only when one is configured: so is the
// deadline, sized from the helper's retries plus the first attempt.
func (c *Client) Maybe(ctx context.Context, url string, retries int) error {
	return retryUpTo(ctx, retries, func(ctx context.Context) error {
		if c.timeout > 0 {
			var cancel context.CancelFunc
			ctx, cancel = context.WithTimeout(ctx, c.timeout) // want `per-attempt timeout \(context.WithTimeout\) inside an operation retried by retryUpTo but no overall deadline`
			defer cancel()
		}
		return c.get(ctx, url)
	})
}

// Two retries after the first attempt: the deadline counts three.
func (c *Client) Twice(ctx context.Context, url string) error {
	return retryUpTo(ctx, 2, func(ctx context.Context) error {
		actx, cancel := context.WithTimeout(ctx, 10*time.Second) // want `per-attempt timeout \(context.WithTimeout\) inside an operation retried by retryUpTo but no overall deadline`
		defer cancel()
		return c.get(actx, url)
	})
}

// Retrier retries an operation its attempts times, its pause apart.
type Retrier struct {
	attempts int
	pause    time.Duration
}

func (r *Retrier) Do(ctx context.Context, fn func(context.Context) error) error { // want Do:"opctx\\(param 0 as op param 0 count recv.attempts pause recv.pause\\)"
	var err error
	for i := 0; i < r.attempts; i++ {
		if err = fn(ctx); err == nil {
			return nil
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(r.pause):
		}
	}
	return err
}

// The retrier's count and pause size the deadline.
func (c *Client) Retried(ctx context.Context, r *Retrier, url string) error {
	return r.Do(ctx, func(ctx context.Context) error {
		actx, cancel := context.WithTimeout(ctx, 10*time.Second) // want `per-attempt timeout \(context.WithTimeout\) inside an operation retried by Do but no overall deadline`
		defer cancel()
		return c.get(actx, url)
	})
}

// attemptCtx bounds one attempt.
func attemptCtx(ctx context.Context) (context.Context, context.CancelFunc) {
	return context.WithTimeout(ctx, 5*time.Second)
}

// withTimeout bounds one attempt by the client's timeout.
func (c *Client) withTimeout(ctx context.Context) (context.Context, context.CancelFunc) {
	return context.WithTimeout(ctx, c.timeout)
}

// The attempt's timeout is made by a function from the operation's
// context.
func (c *Client) Head(ctx context.Context, url string) error {
	return retryCtx(ctx, 3, func(ctx context.Context) error {
		actx, cancel := attemptCtx(ctx) // want `per-attempt timeout \(made by attemptCtx from ctx\) inside an operation retried by retryCtx but no overall deadline`
		defer cancel()
		return c.get(actx, url)
	})
}

func (c *Client) Options(ctx context.Context, url string) error {
	return retryCtx(ctx, 3, func(ctx context.Context) error {
		actx, cancel := c.withTimeout(ctx) // want `per-attempt timeout \(made by withTimeout from ctx\) inside an operation retried by retryCtx but no overall deadline`
		defer cancel()
		return c.get(actx, url)
	})
}

// withRetry hands its context and operation to retryPause, with the
// client's count and pause.
func (c *Client) withRetry(ctx context.Context, op func(context.Context, int) error) error { // want withRetry:"opctx\\(param 0 as op param 0 count recv.attempts pause recv.pause\\)"
	return retryPause(ctx, c.attempts, c.pause, op)
}

// An operation handed to a function that hands it on to the helper.
func (c *Client) List(ctx context.Context, url string) error {
	return c.withRetry(ctx, func(ctx context.Context, _ int) error {
		actx, cancel := context.WithTimeout(ctx, c.timeout) // want `per-attempt timeout \(context.WithTimeout\) inside an operation retried by withRetry but no overall deadline`
		defer cancel()
		return c.get(actx, url)
	})
}

// ---- must stay silent ----

// withDeadline bounds the retry before it hands it on.
func (c *Client) withDeadline(ctx context.Context, op func(context.Context) error) error {
	ctx, cancel := context.WithTimeout(ctx, time.Minute)
	defer cancel()
	return retryCtx(ctx, 3, op)
}

func (c *Client) Delete(ctx context.Context, url string) error {
	return c.withDeadline(ctx, func(ctx context.Context) error {
		actx, cancel := context.WithTimeout(ctx, 10*time.Second)
		defer cancel()
		return c.get(actx, url)
	})
}

// retryBudget stops once its budget is spent: it bounds the retry.
func retryBudget(ctx context.Context, budget time.Duration, fn func(context.Context) error) error { // want retryBudget:"opctx\\(param 0 as op param 0 pause 1s timed\\)"
	start := time.Now()
	for {
		err := fn(ctx)
		if err == nil || time.Since(start) > budget {
			return err
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(time.Second):
		}
	}
}

func (c *Client) Budgeted(ctx context.Context, url string) error {
	return retryBudget(ctx, time.Minute, func(ctx context.Context) error {
		actx, cancel := context.WithTimeout(ctx, 10*time.Second)
		defer cancel()
		return c.get(actx, url)
	})
}

// The caller makes the overall deadline before the call.
func (c *Client) Bounded(ctx context.Context, url string) error { // want Bounded:"owntimeout\\(1m0s\\) from param 0"
	ctx, cancel := context.WithTimeout(ctx, time.Minute)
	defer cancel()
	return retryCtx(ctx, 5, func(ctx context.Context) error {
		actx, cancel := context.WithTimeout(ctx, 10*time.Second)
		defer cancel()
		return c.get(actx, url)
	})
}

// A deadline made in a variable before the call.
func (c *Client) BoundedVar(ctx context.Context, url string) error { // want BoundedVar:"owntimeout\\(1m0s\\) from param 0"
	opCtx, cancel := context.WithTimeout(ctx, time.Minute)
	defer cancel()
	return retryCtx(opCtx, 5, func(ctx context.Context) error {
		actx, cancel := context.WithTimeout(ctx, 10*time.Second)
		defer cancel()
		return c.get(actx, url)
	})
}

// retryFresh hands the operation a context of its own, not the one it
// was given.
func retryFresh(ctx context.Context, attempts int, fn func(context.Context) error) error { // want retryFresh:"ctxquery\\(1\\)"
	var err error
	for range attempts {
		if err = fn(context.Background()); err == nil {
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

func (c *Client) Fresh(ctx context.Context, url string) error {
	return retryFresh(ctx, 3, func(ctx context.Context) error {
		actx, cancel := context.WithTimeout(ctx, 10*time.Second)
		defer cancel()
		return c.get(actx, url)
	})
}

// The operation's timeout derives from a context of its own, reported
// once by the rule for contexts without a deadline.
func (c *Client) Background(ctx context.Context, url string) error {
	return retryCtx(ctx, 3, func(context.Context) error {
		actx, cancel := context.WithTimeout(context.Background(), 10*time.Second) // want `per-attempt timeout \(context.WithTimeout\) inside an operation retried by retryCtx but no overall deadline`
		defer cancel()
		return c.get(actx, url)
	})
}

// One call per item: iteration, not a retry.
func each(ctx context.Context, urls []string, fn func(context.Context, string) error) error {
	for _, u := range urls {
		if err := fn(ctx, u); err != nil {
			return err
		}
	}
	return nil
}

func (c *Client) All(ctx context.Context, urls []string) error {
	return each(ctx, urls, func(ctx context.Context, u string) error {
		actx, cancel := context.WithTimeout(ctx, 10*time.Second)
		defer cancel()
		return c.get(actx, u)
	})
}

// Every call of fetchAll hands it a deadline its caller made.
func (c *Client) fetchBounded(ctx context.Context, url string) error {
	return retryCtx(ctx, 5, func(ctx context.Context) error {
		actx, cancel := context.WithTimeout(ctx, 10*time.Second)
		defer cancel()
		return c.get(actx, url)
	})
}

func (c *Client) Sync(ctx context.Context) error { // want Sync:"owntimeout\\(2m0s\\) from param 0"
	ctx, cancel := context.WithTimeout(ctx, 2*time.Minute)
	defer cancel()
	return c.fetchBounded(ctx, "http://a/")
}

// waitReady polls a condition until it is done; an error ends the poll.
func waitReady(ctx context.Context, check func(context.Context) (bool, error)) error { // want waitReady:"opctx\\(param 0 as op param 0 pause 1s\\)"
	for {
		done, err := check(ctx)
		if err != nil {
			return err
		}
		if done {
			return nil
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(time.Second):
		}
	}
}

// A poll, not a retry: each check has a timeout of its own, and how long
// to wait for readiness is the caller's to say.
func (c *Client) Ready(ctx context.Context, url string) error {
	return waitReady(ctx, func(ctx context.Context) (bool, error) {
		actx, cancel := context.WithTimeout(ctx, 5*time.Second)
		defer cancel()
		return c.get(actx, url) == nil, nil
	})
}

// Run in a goroutine, or deferred: a deadline made before the statement
// would end when the function returns, not when the retry does. No fix
// fits there, and the finding is left out.
func (c *Client) Spawn(ctx context.Context, url string) {
	go retryCtx(ctx, 3, func(ctx context.Context) error {
		actx, cancel := context.WithTimeout(ctx, 10*time.Second)
		defer cancel()
		return c.get(actx, url)
	})
}

func (c *Client) Later(ctx context.Context, url string) {
	defer retryCtx(ctx, 3, func(ctx context.Context) error {
		actx, cancel := context.WithTimeout(ctx, 10*time.Second)
		defer cancel()
		return c.get(actx, url)
	})
}

// One attempt: its timeout is the whole budget, and nothing is retried.
func (c *Client) Once(ctx context.Context, url string) error {
	return retryCtx(ctx, 1, func(ctx context.Context) error {
		actx, cancel := context.WithTimeout(ctx, 10*time.Second)
		defer cancel()
		return c.get(actx, url)
	})
}

func (c *Client) NoRetry(ctx context.Context, url string) error {
	return retryUpTo(ctx, 0, func(ctx context.Context) error {
		actx, cancel := context.WithTimeout(ctx, 10*time.Second)
		defer cancel()
		return c.get(actx, url)
	})
}
