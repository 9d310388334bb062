// Package retryhelper holds retry helpers and the operations handed to them.
package retryhelper

import (
	"context"
	"net/http"
	"time"
)

// retry sleeps between attempts, blind to ctx.
func retry(ctx context.Context, attempts int, fn func() error) error {
	var err error
	for range attempts {
		if err = fn(); err == nil {
			return nil
		}
		time.Sleep(time.Second) // want `time.Sleep in retry loop ignores cancellation of ctx`
	}
	return err
}

// retryCtx waits in a select on ctx.
func retryCtx(ctx context.Context, attempts int, fn func(context.Context) error) error { // want retryCtx:"opctx\\(param 0 as op param 0 count param 1 pause 1s\\)"
	var err error
	for range attempts {
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

// Each attempt gets ten seconds of its own, and nothing bounds the whole.
func fetch(ctx context.Context, c *http.Client, url string) error {
	return retryCtx(ctx, 3, func(context.Context) error {
		actx, cancel := context.WithTimeout(context.Background(), 10*time.Second) // want `per-attempt timeout \(context.WithTimeout\) inside an operation retried by retryCtx but no overall deadline`
		defer cancel()
		req, err := http.NewRequestWithContext(actx, http.MethodGet, url, nil)
		if err != nil {
			return err
		}
		resp, err := c.Do(req)
		if err != nil {
			return err
		}
		return resp.Body.Close()
	})
}

// The attempts derive from the caller's context, whose deadline, if it
// has one, is the only bound over the attempts and the waits.
func fetchDerived(ctx context.Context, c *http.Client, url string) error {
	return retryCtx(ctx, 3, func(ctx context.Context) error {
		actx, cancel := context.WithTimeout(ctx, 10*time.Second) // want `per-attempt timeout \(context.WithTimeout\) inside an operation retried by retryCtx but no overall deadline`
		defer cancel()
		req, err := http.NewRequestWithContext(actx, http.MethodGet, url, nil)
		if err != nil {
			return err
		}
		resp, err := c.Do(req)
		if err != nil {
			return err
		}
		return resp.Body.Close()
	})
}

// ---- must stay silent ----

// Called once: a timeout of the single attempt is the whole budget.
func once(fn func() error) error { return fn() }

func fetchOnce(c *http.Client, url string) error {
	return once(func() error {
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
		if err != nil {
			return err
		}
		resp, err := c.Do(req)
		if err != nil {
			return err
		}
		return resp.Body.Close()
	})
}

// One call per item: iteration, and its sleep paces the items.
func each(ctx context.Context, items []string, fn func(string) error) error {
	for _, it := range items {
		if err := fn(it); err != nil {
			return err
		}
		time.Sleep(time.Second)
	}
	return nil
}

// The attempt is a closure made in the loop, with a timeout of its own.
func closureAttempt(c *http.Client, url string) error {
	for {
		attempt := func() error {
			ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second) // want `per-attempt timeout \(context.WithTimeout\) inside retry loop but no overall deadline`
			defer cancel()
			req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
			if err != nil {
				return err
			}
			resp, err := c.Do(req)
			if err != nil {
				return err
			}
			return resp.Body.Close()
		}
		if err := attempt(); err == nil {
			return nil
		}
	}
}
