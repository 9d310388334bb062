// Package nocontext holds SDK senders that wait between attempts on a
// request they are handed, whose context only their callers know.
package nocontext

import (
	"context"
	"net/http"
	"time"
)

type client struct {
	http  *http.Client
	pause time.Duration
}

// execute waits with time.Sleep, but every request it is handed, through
// send or directly, is built by http.NewRequest: nothing could cancel it.
func (c *client) execute(req *http.Request) error {
	for {
		resp, err := c.http.Do(req)
		if err != nil {
			return err
		}
		resp.Body.Close()
		if resp.StatusCode == http.StatusTooManyRequests {
			time.Sleep(c.pause)
			continue
		}
		return nil
	}
}

func (c *client) send(req *http.Request) error {
	return c.execute(req)
}

func (c *client) Playlist(url string) error {
	req, err := http.NewRequest(http.MethodGet, url, nil)
	if err != nil {
		return err
	}
	return c.send(req)
}

func (c *client) AddTracks(url string) error {
	req, err := http.NewRequestWithContext(context.Background(), http.MethodPut, url, nil)
	if err != nil {
		return err
	}
	return c.execute(req)
}

// executeCtx is handed, by one caller, a request with its caller's
// context: its sleep ignores that context.
func (c *client) executeCtx(req *http.Request) error {
	for {
		resp, err := c.http.Do(req)
		if err != nil {
			return err
		}
		resp.Body.Close()
		if resp.StatusCode == http.StatusTooManyRequests {
			time.Sleep(c.pause) // want `time.Sleep in retry loop ignores cancellation of req.Context\(\)`
			continue
		}
		return nil
	}
}

func (c *client) Get(url string) error {
	req, err := http.NewRequest(http.MethodGet, url, nil)
	if err != nil {
		return err
	}
	return c.executeCtx(req)
}

func (c *client) GetContext(ctx context.Context, url string) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		return err
	}
	return c.executeCtx(req)
}

// Do is exported: a request of any caller may reach it.
func (c *client) Do(req *http.Request) error {
	for {
		resp, err := c.http.Do(req)
		if err != nil {
			return err
		}
		resp.Body.Close()
		if resp.StatusCode == http.StatusTooManyRequests {
			time.Sleep(c.pause) // want `time.Sleep in retry loop ignores cancellation of req.Context\(\)`
			continue
		}
		return nil
	}
}
