// Package signalwait waits between attempts in a select on a timer and
// the client's closed channel: Close ends the wait, the caller's context
// does not.
package signalwait

import (
	"context"
	"errors"
	"net/http"
	"time"
)

var errClosed = errors.New("client closed")

type Client struct {
	closed chan struct{}
	wait   time.Duration
	errs   chan error
}

func (c *Client) get(ctx context.Context, url string) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		return err
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// Fetch waits for the timer or Close, not for ctx.
func (c *Client) Fetch(ctx context.Context, url string) error {
	var err error
	for i := 0; i < 3; i++ {
		if i > 0 {
			select { // want `select on a timer and signal channels, not the context's Done, in retry loop ignores cancellation of ctx`
			case <-c.closed:
				return errClosed
			case <-time.After(c.wait):
			}
		}
		if err = c.get(ctx, url); err == nil {
			return nil
		}
	}
	return err
}

// Must stay silent: the context's Done is a case.
func (c *Client) FetchCtx(ctx context.Context, url string) error {
	var err error
	for i := 0; i < 3; i++ {
		if i > 0 {
			select {
			case <-c.closed:
				return errClosed
			case <-ctx.Done():
				return ctx.Err()
			case <-time.After(c.wait):
			}
		}
		if err = c.get(ctx, url); err == nil {
			return nil
		}
	}
	return err
}

// Must stay silent: the other case carries a value (an attempt's result
// run elsewhere), not a signal.
func (c *Client) FetchResult(ctx context.Context, url string) error {
	var err error
	for i := 0; i < 3; i++ {
		go func() { c.errs <- c.get(ctx, url) }()
		select {
		case err = <-c.errs:
		case <-time.After(c.wait):
			err = errors.New("attempt timed out")
		}
		if err == nil {
			return nil
		}
	}
	return err
}

// Must stay silent: the function closes its own channel when ctx is
// done (terraform's WaitForStateContext).
func (c *Client) Poll(ctx context.Context, url string) error {
	cancel := make(chan struct{})
	errs := make(chan error, 1)
	go func() {
		for {
			select {
			case <-cancel:
				return
			case <-time.After(c.wait):
			}
			if err := c.get(ctx, url); err == nil {
				errs <- nil
				return
			}
		}
	}()
	select {
	case <-ctx.Done():
		close(cancel)
		return ctx.Err()
	case err := <-errs:
		return err
	}
}
