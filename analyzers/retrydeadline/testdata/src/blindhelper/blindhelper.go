// Package blindhelper holds retry helpers whose wait takes no context,
// handed operations that use their caller's.
package blindhelper

import (
	"context"
	"net/http"
	"time"
)

// backoffRetry calls fn up to n times and sleeps between attempts: it has
// no context to wait on.
func backoffRetry(delay time.Duration, n int, fn func() error) error { // want backoffRetry:"blindwait\\(param 2, time.Sleep in backoffRetry\\)"
	if n <= 0 {
		return fn()
	}
	var err error
	for attempt := range n {
		if err = fn(); err == nil {
			return nil
		}
		if attempt < n-1 {
			time.Sleep(delay << attempt) // want `time.Sleep in retry helper backoffRetry takes no context, while healthCheck hands it an operation that uses ctx`
		}
	}
	return err
}

// healthCheck hands backoffRetry a closure that sends with ctx.
func healthCheck(ctx context.Context, c *http.Client, url string) bool {
	err := backoffRetry(time.Second, 3, func() error {
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
	return err == nil
}

// ping hands it a closure with no context: it keeps calling backoffRetry.
func ping(c *http.Client, url string) error {
	return backoffRetry(time.Second, 2, func() error {
		resp, err := c.Get(url)
		if err != nil {
			return err
		}
		return resp.Body.Close()
	})
}

// Exported keeps its signature for the callers of other packages; its
// callers here that use a context get ExportedContext.
func Exported(n int, fn func() error) error { // want Exported:"blindwait\\(param 1, time.Sleep in Exported\\)"
	var err error
	for range n {
		if err = fn(); err == nil {
			return nil
		}
		time.Sleep(time.Second) // want `time.Sleep in retry helper Exported takes no context, while useExported hands it an operation that uses ctx`
	}
	return err
}

func useExported(ctx context.Context, c *http.Client, url string) error {
	return Exported(3, func() error {
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

// ---- must stay silent ----

// waitCtx selects on the context it is given.
func waitCtx(ctx context.Context, n int, fn func() error) error { // want waitCtx:"ctxquery\\(1\\)"
	var err error
	for range n {
		if err = fn(); err == nil {
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

func useWaitCtx(ctx context.Context, c *http.Client, url string) error {
	return waitCtx(ctx, 3, func() error {
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

// blind sleeps, but no operation handed to it uses a context.
func blind(n int, fn func() error) error { // want blind:"blindwait\\(param 1, time.Sleep in blind\\)"
	var err error
	for range n {
		if err = fn(); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

func useBlind(c *http.Client, url string) error {
	return blind(3, func() error {
		resp, err := c.Get(url)
		if err != nil {
			return err
		}
		return resp.Body.Close()
	})
}

// once calls fn once, with no loop: not a retry helper.
func once(fn func() error) error {
	time.Sleep(time.Second)
	return fn()
}

func useOnce(ctx context.Context, c *http.Client, url string) error {
	return once(func() error {
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

// background hands on a context nothing cancels.
func background(n int, fn func() error) error { // want background:"blindwait\\(param 1, time.Sleep in background\\)"
	var err error
	for range n {
		if err = fn(); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

func useBackground(c *http.Client, url string) error {
	ctx := context.Background()
	return background(3, func() error {
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
