// Package waitbudget: the overall deadline of a fix counts the wait after
// each attempt when the wait can be written before the loop.
package waitbudget

import (
	"context"
	"errors"
	"net/http"
	"time"
)

const perTry = 2 * time.Second

var errGaveUp = errors.New("gave up")

type client struct {
	hc      *http.Client
	backoff time.Duration
	maxWait time.Duration
}

// fieldWait waits a field of the client between attempts: 4*(perTry+c.backoff).
func (c *client) fieldWait(ctx context.Context, url string) error {
	for i := 0; i < 4; i++ {
		actx, cancel := context.WithTimeout(ctx, perTry) // want `per-attempt timeout \(context.WithTimeout\) inside retry loop but no overall deadline`
		req, _ := http.NewRequestWithContext(actx, http.MethodGet, url, nil)
		resp, err := c.hc.Do(req)
		cancel()
		if err == nil {
			resp.Body.Close()
			return nil
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(c.backoff):
		}
	}
	return errGaveUp
}

// cappedBackoff grows its wait up to c.maxWait: the cap is counted.
func (c *client) cappedBackoff(url string) error {
	for i := 0; i < 3; i++ {
		actx, cancel := context.WithTimeout(context.Background(), perTry) // want `per-attempt timeout \(context.WithTimeout\) inside retry loop but no overall deadline`
		req, _ := http.NewRequestWithContext(actx, http.MethodGet, url, nil)
		resp, err := c.hc.Do(req)
		cancel()
		if err == nil {
			resp.Body.Close()
			return nil
		}
		time.Sleep(min(100*time.Millisecond<<i, c.maxWait))
	}
	return errGaveUp
}

// twoWaits waits 1 s or 3 s: the longer is counted.
func (c *client) twoWaits(url string) error {
	for i := 0; i < 3; i++ {
		actx, cancel := context.WithTimeout(context.Background(), perTry) // want `per-attempt timeout \(context.WithTimeout\) inside retry loop but no overall deadline`
		req, _ := http.NewRequestWithContext(actx, http.MethodGet, url, nil)
		resp, err := c.hc.Do(req)
		cancel()
		if err == nil {
			ok := resp.StatusCode < 500
			resp.Body.Close()
			if ok {
				return nil
			}
			time.Sleep(3 * time.Second)
			continue
		}
		time.Sleep(time.Second)
	}
	return errGaveUp
}

// growing computes its back-off in the loop: only the attempts are
// counted.
func (c *client) growing(url string) error {
	for i := 0; i < 3; i++ {
		actx, cancel := context.WithTimeout(context.Background(), perTry) // want `per-attempt timeout \(context.WithTimeout\) inside retry loop but no overall deadline`
		req, _ := http.NewRequestWithContext(actx, http.MethodGet, url, nil)
		resp, err := c.hc.Do(req)
		cancel()
		if err == nil {
			resp.Body.Close()
			return nil
		}
		time.Sleep(time.Duration(i+1) * time.Second)
	}
	return errGaveUp
}

// bounded has its overall deadline, waits included: right.
func (c *client) bounded(ctx context.Context, url string) error {
	ctx, cancel := context.WithTimeout(ctx, 4*(perTry+time.Second))
	defer cancel()
	for i := 0; i < 4; i++ {
		actx, acancel := context.WithTimeout(ctx, perTry)
		req, _ := http.NewRequestWithContext(actx, http.MethodGet, url, nil)
		resp, err := c.hc.Do(req)
		acancel()
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
	return errGaveUp
}
