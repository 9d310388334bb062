package backend // want package:"sends"

// backend routes its calls through interfaces of its own, as an
// SDK does that lets its tests replace the network with a fake, and
// hands each call to a function that runs it (a backoff, a re-authorising
// wrapper).

import (
	"context"
	"net/http"
	"time"
)

// api is the network side of a client.
type api interface {
	getObject(ctx context.Context, name string) error // want getObject:"sends"
	name() string
}

// httpAPI is the implementation that sends.
type httpAPI struct{ c *http.Client }

func (a *httpAPI) getObject(ctx context.Context, name string) error { // want getObject:"sends"
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, "https://example.com/"+name, nil)
	if err != nil {
		return err
	}
	resp, err := a.c.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

func (a *httpAPI) name() string { return "http" }

// Client is what callers use.
type Client struct{ be api }

// Get sends through the interface.
func (c *Client) Get(ctx context.Context, name string) error { // want Get:"sends"
	return c.be.getObject(ctx, name)
}

// Name calls a method that no implementation sends in.
func (c *Client) Name() string { return c.be.name() }

// withBackoff runs f until it succeeds or ctx ends.
func withBackoff(ctx context.Context, f func() error) error { // want withBackoff:"retries\\(param 1\\)"
	for {
		if err := f(); err == nil {
			return nil
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(time.Second):
		}
	}
}

// withAuth runs f once.
func withAuth(f func() error) error { return f() }

// Fetch hands the send, in a literal held in a variable, to withAuth
// inside a literal handed to withBackoff: both run it.
func (c *Client) Fetch(ctx context.Context, name string) error { // want Fetch:"sends"
	f := func() error {
		g := func() error {
			return c.be.getObject(ctx, name)
		}
		return withAuth(g)
	}
	return withBackoff(ctx, f)
}

// later keeps f for later: it does not run it.
type later struct{ fs []func() error }

func (l *later) add(f func() error) { l.fs = append(l.fs, f) }

// Defer hands the send to a function that keeps it, and to a goroutine:
// neither runs as part of Defer.
func (c *Client) Defer(ctx context.Context, l *later, name string) {
	l.add(func() error { return c.be.getObject(ctx, name) })
	go withAuth(func() error { return c.be.getObject(ctx, name) })
}

// memAPI is a fake that sends nothing; store is an interface only it
// implements.
type store interface {
	put(name string) error
}

type memAPI struct{ m map[string]bool }

func (s *memAPI) put(name string) error { s.m[name] = true; return nil }

// Put calls through an interface whose implementations send nothing.
func Put(s store, name string) error { return s.put(name) }
