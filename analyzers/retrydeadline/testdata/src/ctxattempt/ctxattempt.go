// Package ctxattempt holds retry loops whose waits end with the caller's
// context while their attempts are sent without it.
package ctxattempt

import (
	"context"
	"errors"
	"net/http"
	"time"
)

// ---- must flag ----

// ready polls until the server answers; each probe runs on no context,
// so a probe in flight outlives ctx.
func ready(ctx context.Context, c *http.Client, url string) error { // want ready:`ctxquery\(1\)`
	for {
		resp, err := c.Get(url) // want `attempt sent without ctx, which ends the retry`
		if err == nil {
			resp.Body.Close()
			return nil
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(time.Second):
		}
	}
}

// fetch builds each attempt's request with http.NewRequest.
func fetch(ctx context.Context, c *http.Client, url string) (*http.Response, error) { // want fetch:`ctxquery\(1\)`
	for i := 0; i < 5; i++ {
		req, err := http.NewRequest(http.MethodGet, url, nil)
		if err != nil {
			return nil, err
		}
		resp, err := c.Do(req) // want `attempt sent without ctx, which ends the retry`
		if err == nil && resp.StatusCode < 500 {
			return resp, nil
		}
		if err == nil {
			resp.Body.Close()
		}
		t := time.NewTimer(time.Duration(i+1) * 100 * time.Millisecond)
		select {
		case <-ctx.Done():
			t.Stop()
			return nil, ctx.Err()
		case <-t.C:
		}
	}
	return nil, errors.New("no attempt left")
}

// background builds the request on context.Background().
func background(ctx context.Context, c *http.Client, url string) error { // want background:`ctxquery\(1\)`
	for i := 0; i < 5; i++ {
		req, err := http.NewRequestWithContext(context.Background(), http.MethodHead, url, nil)
		if err != nil {
			return err
		}
		resp, err := c.Do(req) // want `attempt sent without ctx, which ends the retry`
		if err == nil {
			resp.Body.Close()
			return nil
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(time.Second):
		}
	}
	return errors.New("no attempt left")
}

// prebuilt builds its request before the deadline it waits on: the
// request does not carry the deadline, reported once, by the rule for
// deadlines made before the loop, whose fix sends each attempt with it.
func prebuilt(parent context.Context, c *http.Client, url string) error {
	req, err := http.NewRequest(http.MethodGet, url, nil)
	if err != nil {
		return err
	}
	ctx, cancel := context.WithTimeout(parent, time.Minute)
	defer cancel()
	for {
		resp, err := c.Do(req) // want `request sent in retry loop does not carry ctx, the deadline made for the whole operation`
		if err == nil {
			resp.Body.Close()
			return nil
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(time.Second):
		}
	}
}

// ---- must stay silent ----

// withCtx builds each attempt with ctx.
func withCtx(ctx context.Context, c *http.Client, url string) error {
	for {
		req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
		if err != nil {
			return err
		}
		resp, err := c.Do(req)
		if err == nil {
			resp.Body.Close()
			return nil
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(time.Second):
		}
	}
}

// mainLoop waits on a context nothing cancels: its attempts lose nothing.
func mainLoop(c *http.Client, url string) {
	ctx := context.Background()
	for {
		resp, err := c.Get(url)
		if err == nil {
			resp.Body.Close()
			return
		}
		select {
		case <-ctx.Done():
			return
		case <-time.After(time.Second):
		}
	}
}

// perItem sends one request per item, no retry.
func perItem(ctx context.Context, c *http.Client, urls []string) { // want perItem:`ctxquery\(1\)`
	for _, u := range urls {
		resp, err := c.Get(u)
		if err == nil {
			resp.Body.Close()
		}
		select {
		case <-ctx.Done():
			return
		case <-time.After(time.Second):
		}
	}
}
