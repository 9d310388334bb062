// Package opfield retries operations described by a struct whose Method
// field a builder or a sender reads.
package opfield

import (
	"context"
	"errors"
	"net/http"
	"strings"
	"time"

	"opfield/api"
)

type request struct {
	Method string
	Path   string
	Body   string
}

type client struct{ hc *http.Client }

func (c *client) build(ctx context.Context, r request) (*http.Request, error) {
	return http.NewRequestWithContext(ctx, r.Method, "https://example.com"+r.Path, strings.NewReader(r.Body))
}

var createUser = request{Method: http.MethodPost, Path: "/users"}

var getUser = request{Method: http.MethodGet, Path: "/users/1"}

// movable is assigned again: its method is not known.
var movable = request{Method: http.MethodPost, Path: "/x"}

func setMovable() { movable.Method = http.MethodGet }

func wait(ctx context.Context) error {
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-time.After(time.Second):
		return nil
	}
}

// A local description of a POST, built by a helper of the package.
func (c *client) pay(ctx context.Context, body string) error {
	r := request{Method: http.MethodPost, Path: "/pay", Body: body}
	for range 3 {
		req, err := c.build(ctx, r)
		if err != nil {
			return err
		}
		resp, err := c.hc.Do(req) // want `POST is retried after a transport error without an idempotency key`
		if err != nil {
			if err := wait(ctx); err != nil {
				return err
			}
			continue
		}
		return resp.Body.Close()
	}
	return errors.New("pay: attempts exhausted")
}

// A description of a POST built by another package.
func (c *client) create(ctx context.Context, body string) error {
	for range 3 {
		req, err := api.NewRequest(ctx, &api.Op{Method: http.MethodPost, Path: "/orders"}, body)
		if err != nil {
			return err
		}
		resp, err := c.hc.Do(req) // want `POST is retried after a transport error without an idempotency key`
		if err == nil && resp.StatusCode < 500 {
			return resp.Body.Close()
		}
		if err := wait(ctx); err != nil {
			return err
		}
	}
	return errors.New("create: attempts exhausted")
}

// Silent: a GET sent by another package.
func (c *client) list(ctx context.Context, ac *api.Client) error {
	for range 3 {
		resp, err := ac.Invoke(ctx, api.Op{Method: http.MethodGet, Path: "/orders"}, "")
		if err == nil && resp.StatusCode < 500 {
			return resp.Body.Close()
		}
		if err := wait(ctx); err != nil {
			return err
		}
	}
	return errors.New("list: attempts exhausted")
}

// A package variable describing a POST, never changed.
func (c *client) createUser(ctx context.Context) error {
	for range 3 {
		req, err := c.build(ctx, createUser)
		if err != nil {
			return err
		}
		resp, err := c.hc.Do(req) // want `POST is retried after a transport error without an idempotency key`
		if err == nil {
			return resp.Body.Close()
		}
		if err := wait(ctx); err != nil {
			return err
		}
	}
	return errors.New("createUser: attempts exhausted")
}

// Silent: a GET.
func (c *client) getUser(ctx context.Context) error {
	for range 3 {
		req, err := c.build(ctx, getUser)
		if err != nil {
			return err
		}
		resp, err := c.hc.Do(req)
		if err == nil {
			return resp.Body.Close()
		}
		if err := wait(ctx); err != nil {
			return err
		}
	}
	return errors.New("getUser: attempts exhausted")
}

// Silent: the description's method is written after it is made.
func (c *client) rewritten(ctx context.Context, write bool) error {
	r := request{Method: http.MethodPost, Path: "/x"}
	if !write {
		r.Method = http.MethodGet
	}
	for range 3 {
		req, err := c.build(ctx, r)
		if err != nil {
			return err
		}
		resp, err := c.hc.Do(req)
		if err == nil {
			return resp.Body.Close()
		}
		if err := wait(ctx); err != nil {
			return err
		}
	}
	return errors.New("rewritten: attempts exhausted")
}

// Silent: a package variable that is written elsewhere.
func (c *client) moved(ctx context.Context) error {
	for range 3 {
		req, err := c.build(ctx, movable)
		if err != nil {
			return err
		}
		resp, err := c.hc.Do(req)
		if err == nil {
			return resp.Body.Close()
		}
		if err := wait(ctx); err != nil {
			return err
		}
	}
	return errors.New("moved: attempts exhausted")
}

// Silent: a key made once and sent on every attempt.
func (c *client) payKeyed(ctx context.Context, body, key string) error {
	r := request{Method: http.MethodPost, Path: "/pay", Body: body}
	for range 3 {
		req, err := c.build(ctx, r)
		if err != nil {
			return err
		}
		req.Header.Set("Idempotency-Key", key)
		resp, err := c.hc.Do(req)
		if err != nil {
			if err := wait(ctx); err != nil {
				return err
			}
			continue
		}
		return resp.Body.Close()
	}
	return errors.New("payKeyed: attempts exhausted")
}

// Silent: one operation per item is iteration.
func (c *client) each(ctx context.Context, bodies []string) error {
	for _, b := range bodies {
		req, err := c.build(ctx, request{Method: http.MethodPost, Path: "/items", Body: b})
		if err != nil {
			return err
		}
		resp, err := c.hc.Do(req)
		if err != nil {
			continue
		}
		resp.Body.Close()
	}
	return nil
}

// An upsert: a description that is a POST on one path and a PATCH on the
// other is a write on both.
func (c *client) upsert(ctx context.Context, id, body string) error {
	r := request{Method: http.MethodPost, Path: "/items", Body: body}
	if id != "" {
		r = request{Method: http.MethodPatch, Path: "/items/" + id, Body: body}
	}
	for range 3 {
		req, err := c.build(ctx, r)
		if err != nil {
			return err
		}
		resp, err := c.hc.Do(req) // want `POST is retried after a transport error without an idempotency key`
		if err == nil {
			return resp.Body.Close()
		}
		if err := wait(ctx); err != nil {
			return err
		}
	}
	return errors.New("upsert: attempts exhausted")
}

// Silent: a description that is a GET or a HEAD reads on both paths.
func (c *client) peek(ctx context.Context, head bool) error {
	r := request{Method: http.MethodGet, Path: "/items"}
	if head {
		r = request{Method: http.MethodHead, Path: "/items"}
	}
	for range 3 {
		req, err := c.build(ctx, r)
		if err != nil {
			return err
		}
		resp, err := c.hc.Do(req)
		if err == nil {
			return resp.Body.Close()
		}
		if err := wait(ctx); err != nil {
			return err
		}
	}
	return errors.New("peek: attempts exhausted")
}

// send sends the request r describes.
func (c *client) send(ctx context.Context, r *request) (*http.Response, error) {
	req, err := c.build(ctx, *r)
	if err != nil {
		return nil, err
	}
	return c.hc.Do(req)
}

// A retrying sender of any description: it re-sends whatever method its
// caller's description holds, a POST among them.
func (c *client) do(ctx context.Context, r *request) (*http.Response, error) {
	var lastErr error
	for attempt := 0; attempt < 3; attempt++ {
		if attempt > 0 {
			if err := wait(ctx); err != nil {
				return nil, err
			}
		}
		resp, err := c.send(ctx, r) // want `a request of its caller's method \(r.Method\) is re-sent after a transport error`
		if err != nil {
			lastErr = err
			continue
		}
		return resp, nil
	}
	return nil, lastErr
}

// The same through another package's sender, handed the description by
// value.
func (c *client) invoke(ctx context.Context, ac *api.Client, op api.Op, body string) (*http.Response, error) {
	var lastErr error
	for range 3 {
		resp, err := ac.Invoke(ctx, op, body) // want `a request of its caller's method \(op.Method\) is re-sent after a transport error`
		if err == nil {
			return resp, nil
		}
		lastErr = err
		if err := wait(ctx); err != nil {
			return nil, err
		}
	}
	return nil, lastErr
}

// Silent: the sender retries only descriptions of idempotent methods.
func (c *client) doSafe(ctx context.Context, r *request) (*http.Response, error) {
	attempts := 3
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		attempts = 1
	}
	var lastErr error
	for range attempts {
		resp, err := c.send(ctx, r)
		if err != nil {
			lastErr = err
			if err := wait(ctx); err != nil {
				return nil, err
			}
			continue
		}
		return resp, nil
	}
	return nil, lastErr
}

// Silent: one description per item is iteration, not a retry.
func (c *client) sendAll(ctx context.Context, rs []*request) error {
	for _, r := range rs {
		resp, err := c.send(ctx, r)
		if err != nil {
			continue
		}
		resp.Body.Close()
	}
	return nil
}

// sendCopy sends a copy of a description.
func (c *client) sendCopy(ctx context.Context, r request) (*http.Response, error) {
	req, err := c.build(ctx, r)
	if err != nil {
		return nil, err
	}
	return c.hc.Do(req)
}

// The same retrying sender, handing on a copy of the description it
// points to: the guard tests r.Method.
func (c *client) doCopy(ctx context.Context, r *request) (*http.Response, error) {
	var lastErr error
	for range 3 {
		resp, err := c.sendCopy(ctx, *r) // want `a request of its caller's method \(r.Method\) is re-sent after a transport error`
		if err != nil {
			lastErr = err
			if err := wait(ctx); err != nil {
				return nil, err
			}
			continue
		}
		return resp, nil
	}
	return nil, lastErr
}
