// Package methodctx holds retry loops whose context is at hand only as
// a method of a parameter: an HTTP handler's inbound request, a
// command's Context() (the shape of cobra's *Command).
package methodctx

import (
	"context"
	"errors"
	"net/http"
	"testing"
	"time"
)

// command gives the context it was run with, nil when it was run
// without one, as cobra's Command does.
type command struct{ ctx context.Context }

func (c *command) Context() context.Context { return c.ctx }

// waitReady polls until the server is up, sleeping between attempts
// whatever the command's context says.
func waitReady(c *command, url string) error {
	for i := 0; i < 30; i++ {
		resp, err := http.Get(url)
		if err == nil {
			resp.Body.Close()
			if resp.StatusCode == http.StatusOK {
				return nil
			}
		}
		time.Sleep(time.Second) // want `time.Sleep in retry loop ignores cancellation of c.Context\(\)`
	}
	return errors.New("not ready")
}

// proxy retries the upstream call for the inbound request, sleeping on
// after its client has gone away.
func proxy(w http.ResponseWriter, r *http.Request) {
	for attempt := 0; attempt < 3; attempt++ {
		resp, err := http.Get("http://upstream.example/status")
		if err == nil {
			resp.Body.Close()
			w.WriteHeader(resp.StatusCode)
			return
		}
		time.Sleep(200 * time.Millisecond) // want `time.Sleep in retry loop ignores cancellation of r.Context\(\)`
	}
	w.WriteHeader(http.StatusBadGateway)
}

// relay names its response r too: the wait's context is the inbound
// request's, taken before the loop.
func relay(w http.ResponseWriter, r *http.Request) {
	for attempt := 0; attempt < 3; attempt++ {
		r, err := http.Get("http://backend.example/data")
		if err == nil {
			r.Body.Close()
			return
		}
		time.Sleep(time.Second) // want `time.Sleep in retry loop ignores cancellation of r.Context\(\)`
	}
	w.WriteHeader(http.StatusBadGateway)
}

func routes(mux *http.ServeMux) {
	mux.HandleFunc("/status", proxy)
	mux.HandleFunc("/data", relay)
}

// ---- must stay silent ----

// waitSelect ends its wait, and its attempts, with the command's
// context already.
func waitSelect(c *command, url string) error {
	ctx := c.Context()
	if ctx == nil {
		ctx = context.Background()
	}
	for i := 0; i < 30; i++ {
		req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
		if err != nil {
			return err
		}
		resp, err := http.DefaultClient.Do(req)
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
	return errors.New("not ready")
}

// waitTest polls in a test: its context ends only as the test does.
func waitTest(t *testing.T, url string) {
	for i := 0; i < 30; i++ {
		resp, err := http.Get(url)
		if err == nil {
			resp.Body.Close()
			return
		}
		time.Sleep(100 * time.Millisecond)
	}
	t.Fatal("not ready")
}

// both has two contexts at hand: which one ends the wait is the
// author's choice.
func both(c *command, r *http.Request, url string) error {
	for i := 0; i < 3; i++ {
		resp, err := http.Get(url)
		if err == nil {
			resp.Body.Close()
			return nil
		}
		time.Sleep(time.Second)
	}
	return errors.New("no answer")
}
