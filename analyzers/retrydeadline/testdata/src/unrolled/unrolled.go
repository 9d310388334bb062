// Package unrolled retries without a loop: an attempt, a wait, and the
// same call once more.
package unrolled

import (
	"context"
	"net/http"
	"time"
)

// FetchTwice waits and sends the same request again after a failure.
func FetchTwice(ctx context.Context, c *http.Client, url string) (string, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		return "", err
	}
	resp, err := c.Do(req)
	if err != nil {
		time.Sleep(2 * time.Second) // want `time.Sleep in retry loop ignores cancellation of ctx`
		resp, err = c.Do(req)
	}
	if err != nil {
		return "", err
	}
	defer resp.Body.Close()
	return resp.Status, nil
}

// ---- must stay silent ----

// Fallback asks another server after a failure: not the same call.
func Fallback(ctx context.Context, c *http.Client, primary, secondary string) error {
	resp, err := c.Get(primary)
	if err != nil {
		time.Sleep(time.Second)
		resp, err = c.Get(secondary)
	}
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// Twice sends twice whatever the first answer: the second call does not
// hang on the first's outcome.
func Twice(ctx context.Context, c *http.Client, url string) error { // want Twice:`ctxquery\(1\)`
	resp, err := c.Get(url)
	if err != nil {
		return err
	}
	resp.Body.Close()
	time.Sleep(time.Second)
	if ctx.Err() == nil {
		resp, err = c.Get(url)
		if err != nil {
			return err
		}
		resp.Body.Close()
	}
	return nil
}

// FetchTwiceSelect waits on ctx too.
func FetchTwiceSelect(ctx context.Context, c *http.Client, req *http.Request) error { // want FetchTwiceSelect:`ctxquery\(1\)`
	resp, err := c.Do(req)
	if err != nil {
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(time.Second):
		}
		resp, err = c.Do(req)
	}
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// Logged waits after the second attempt, not before it.
func Logged(ctx context.Context, c *http.Client, req *http.Request) error {
	resp, err := c.Do(req)
	if err != nil {
		resp, err = c.Do(req)
		time.Sleep(time.Second)
	}
	if err != nil {
		return err
	}
	return resp.Body.Close()
}
