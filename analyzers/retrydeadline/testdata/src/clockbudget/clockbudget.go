// Package clockbudget: retry loops bounded by a check of the clock
// between attempts, whose attempts a deadline may or may not reach.
package clockbudget

import (
	"context"
	"log"
	"net/http"
	"time"
)

func send(ctx context.Context, c *http.Client, url string) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, url, nil)
	if err != nil {
		return err
	}
	resp, err := c.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// Must flag: the attempts are detached from the caller's context, and the
// budget is a check of the clock: the attempt in flight runs on.
func detached(ctx context.Context, c *http.Client, url string) error {
	start := time.Now()
	for {
		tctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 15*time.Second) // want `per-attempt timeout \(context.WithTimeout\) from a context without a deadline, in a retry loop bounded only by a clock check`
		err := send(tctx, c, url)
		cancel()
		if err == nil {
			return nil
		}
		if time.Since(start) > time.Minute {
			return err
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(time.Second):
		}
	}
}

// Must flag: no caller's context at all, the budget written with Before.
func background(c *http.Client, url string, budget time.Duration) error {
	start := time.Now()
	var err error
	for {
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second) // want `per-attempt timeout \(context.WithTimeout\) from a context without a deadline, in a retry loop bounded only by a clock check`
		err = send(ctx, c, url)
		cancel()
		if err == nil {
			return nil
		}
		if start.Add(budget).Before(time.Now()) {
			return err
		}
	}
}

// Must stay silent: the attempts derive from the caller's context, whose
// deadline or cancellation ends the one in flight.
func fromCaller(ctx context.Context, c *http.Client, url string) error {
	start := time.Now()
	for {
		tctx, cancel := context.WithTimeout(ctx, 15*time.Second)
		err := send(tctx, c, url)
		cancel()
		if err == nil {
			return nil
		}
		if time.Since(start) > time.Minute {
			return err
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(time.Second):
		}
	}
}

// Must stay silent: each attempt is cut to the time the budget leaves.
func cutToBudget(ctx context.Context, c *http.Client, url string) error {
	start := time.Now()
	for {
		left := time.Minute - time.Since(start)
		tctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), min(15*time.Second, left))
		err := send(tctx, c, url)
		cancel()
		if err == nil {
			return nil
		}
		if time.Since(start) > time.Minute {
			return err
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(time.Second):
		}
	}
}

// Must stay silent: the clock is read only to log a slow attempt; the
// loop is bounded by its count.
func logsSlow(c *http.Client, url string) error {
	start := time.Now()
	var err error
	for i := 0; i < 5; i++ {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		err = send(ctx, c, url)
		cancel()
		if err == nil {
			return nil
		}
		if time.Since(start) > 2*time.Second {
			log.Print("slow")
		}
	}
	return err
}

// retryOp calls op again after an error, a few times, waiting in between.
func retryOp(ctx context.Context, attempts int, op func(context.Context) error) error { // want retryOp:"opctx\\(param 0 as op param 0 count param 1 pause 1s\\)"
	var err error
	for i := 0; i < attempts; i++ {
		if err = op(ctx); err == nil {
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

// Must flag: the operation handed to a retry helper checks a deadline
// fixed before the retry, and its attempts derive from Background.
func viaHelper(ctx context.Context, c *http.Client, url string) error {
	deadline := time.Now().Add(time.Minute)
	return retryOp(ctx, 5, func(context.Context) error {
		if time.Now().After(deadline) {
			return context.DeadlineExceeded
		}
		tctx, cancel := context.WithTimeout(context.Background(), 10*time.Second) // want `per-attempt timeout \(context.WithTimeout\) from a context without a deadline, in a retry loop bounded only by a clock check`
		defer cancel()
		return send(tctx, c, url)
	})
}

// Silent: the attempts derive from the context the helper hands the
// operation, the caller's, which its deadline reaches.
func viaHelperDerived(ctx context.Context, c *http.Client, url string) error {
	deadline := time.Now().Add(time.Minute)
	return retryOp(ctx, 5, func(ctx context.Context) error {
		if time.Now().After(deadline) {
			return context.DeadlineExceeded
		}
		tctx, cancel := context.WithTimeout(ctx, 10*time.Second)
		defer cancel()
		return send(tctx, c, url)
	})
}

// Silent: each attempt ends at the budget's own deadline.
func endsAtBudget(c *http.Client, url string) error {
	deadline := time.Now().Add(time.Minute)
	var err error
	for {
		if time.Now().After(deadline) {
			return err
		}
		ctx, cancel := context.WithDeadline(context.Background(), deadline)
		err = send(ctx, c, url)
		cancel()
		if err == nil {
			return nil
		}
	}
}

// No fix can declare the deadline before a go statement (its deferred
// cancel would end the attempts as this function returns): not reported.
func inGoroutine(ctx context.Context, c *http.Client, url string) {
	deadline := time.Now().Add(time.Minute)
	go retryOp(ctx, 5, func(context.Context) error {
		if time.Now().After(deadline) {
			return context.DeadlineExceeded
		}
		tctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		return send(tctx, c, url)
	})
}
