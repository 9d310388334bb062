package recursion

import (
	"context"
	"io"
	"net/http"
	"time"
)

const attemptTimeout = 5 * time.Second

// ---- must flag ----

// Get reads url, retried by get.
func Get(ctx context.Context, c *http.Client, url string) ([]byte, error) { // want Get:`owntimeout\(5s\) from param 0`
	return get(ctx, c, url, 3)
}

// get gives each attempt five seconds and calls itself after a failure:
// nothing bounds the attempts together, and the wait ignores ctx.
func get(ctx context.Context, c *http.Client, url string, left int) ([]byte, error) {
	attemptCtx, cancel := context.WithTimeout(ctx, attemptTimeout) // want `per-attempt timeout \(context.WithTimeout\) in get, which retries by calling itself, but no overall deadline`
	defer cancel()
	req, err := http.NewRequestWithContext(attemptCtx, http.MethodGet, url, nil)
	if err != nil {
		return nil, err
	}
	resp, err := c.Do(req)
	if err != nil {
		if left > 1 {
			time.Sleep(time.Second) // want `time.Sleep in retry loop ignores cancellation of ctx`
			return get(ctx, c, url, left-1)
		}
		return nil, err
	}
	defer resp.Body.Close()
	return io.ReadAll(resp.Body)
}

// ---- must stay silent ----

// waits is kiota's shape: the wait selects on ctx, and no attempt has a
// timeout of its own.
func waits(ctx context.Context, next func(*http.Request) (*http.Response, error), req *http.Request, resp *http.Response, count int) (*http.Response, error) {
	if resp.StatusCode == http.StatusServiceUnavailable && count < 3 {
		t := time.NewTimer(time.Second)
		select {
		case <-ctx.Done():
			t.Stop()
			return nil, ctx.Err()
		case <-t.C:
		}
		response, err := next(req)
		if err != nil {
			return response, err
		}
		return waits(ctx, next, req, response, count+1)
	}
	return resp, nil
}

// Waits calls waits.
func Waits(ctx context.Context, next func(*http.Request) (*http.Response, error), req *http.Request) (*http.Response, error) {
	resp, err := next(req)
	if err != nil {
		return nil, err
	}
	return waits(ctx, next, req, resp, 0)
}

// noContext sleeps with no context anywhere: nothing to wait on.
func noContext(c *http.Client, url string, left int) error {
	resp, err := c.Get(url)
	if err != nil && left > 0 {
		time.Sleep(time.Second)
		return noContext(c, url, left-1)
	}
	if err == nil {
		resp.Body.Close()
	}
	return err
}

// background makes its timeout from context.Background(): an overall
// deadline would need a context parameter of its own, which no fix adds,
// so it is not reported.
func background(c *http.Client, url string, left int) error {
	ctx, cancel := context.WithTimeout(context.Background(), attemptTimeout)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		return err
	}
	resp, err := c.Do(req)
	if err != nil && left > 0 {
		return background(c, url, left-1)
	}
	if err == nil {
		resp.Body.Close()
	}
	return err
}

// tree gives each node's request a timeout: one request per node, not a
// retry.
type node struct {
	url      string
	children []*node
}

func tree(ctx context.Context, c *http.Client, n *node) error {
	ctx2, cancel := context.WithTimeout(ctx, attemptTimeout)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx2, http.MethodGet, n.url, nil)
	if err != nil {
		return err
	}
	resp, err := c.Do(req)
	if err != nil {
		return err
	}
	resp.Body.Close()
	for _, ch := range n.children {
		if err := tree(ctx, c, ch); err != nil {
			return err
		}
	}
	return nil
}

// Users call the functions above.
func Users(c *http.Client) { // want Users:`owntimeout\(5s\)`
	_ = noContext(c, "u", 3)
	_ = background(c, "u", 3)
	_ = tree(context.Background(), c, &node{})
}
