// Package closureany holds senders that build each attempt's request, with
// the method of the request they were asked to send, in a closure that the
// retry loop calls at once (err := func() error { ... }()), as a client
// that tries a list of mirrors does.
package closureany

import (
	"context"
	"errors"
	"net/http"
	"time"
)

type Req struct {
	Method string
	Path   string
}

type Resp struct {
	ctx  context.Context
	req  *Req
	resp *http.Response
}

type Client struct {
	hc    *http.Client
	hosts []string
}

func (c *Client) next(resp *Resp) error {
	req := resp.req
	var err error
	cur, attempts := 0, 0
	for {
		if attempts > 5 {
			return err
		}
		attempts++
		if cur >= len(c.hosts) {
			cur = 0
		}
		host := c.hosts[cur]
		backoff := false
		loopErr := func() error {
			httpReq, err := http.NewRequestWithContext(resp.ctx, req.Method, host+req.Path, nil)
			if err != nil {
				return err
			}
			resp.resp, err = c.hc.Do(httpReq) // want `a request of any method is re-sent after a transport error without a check of its method or an Idempotency-Key header`
			if err != nil {
				backoff = true
				return err
			}
			if resp.resp.StatusCode >= 500 {
				backoff = true
				return errors.New("server error")
			}
			return nil
		}()
		if loopErr == nil {
			return nil
		}
		if backoff {
			time.Sleep(time.Second)
		}
		err = loopErr
		cur++
	}
}

// Checks of the method before the send that cannot stop a re-send: a
// HEAD that the host does not take ends only the attempt, and a write
// asks for another scope.
func (c *Client) scoped(resp *Resp, noHead bool) error {
	req := resp.req
	var err error
	for attempt := 0; attempt < 5; attempt++ {
		scope := "pull"
		loopErr := func() error {
			if req.Method == http.MethodHead && noHead {
				return errors.New("HEAD disabled")
			}
			if req.Method != http.MethodHead && req.Method != http.MethodGet {
				scope += ",push"
			}
			httpReq, err := http.NewRequestWithContext(resp.ctx, req.Method, c.hosts[0]+req.Path+"?scope="+scope, nil)
			if err != nil {
				return err
			}
			// The request goes to the host of the attempt.
			resp.resp, err = c.hc.Do(httpReq) // want `a request of any method is re-sent after a transport error`
			return err
		}()
		if loopErr == nil {
			return nil
		}
		err = loopErr
	}
	return err
}

// ---- must stay silent ----

// The closure checks the method before it lets a failure through.
func (c *Client) checked(resp *Resp) error {
	req := resp.req
	var err error
	for attempt := 0; attempt < 5; attempt++ {
		loopErr := func() error {
			httpReq, err := http.NewRequestWithContext(resp.ctx, req.Method, c.hosts[0]+req.Path, nil)
			if err != nil {
				return err
			}
			resp.resp, err = c.hc.Do(httpReq)
			if err != nil {
				if req.Method != http.MethodGet && req.Method != http.MethodHead {
					return nil
				}
				return err
			}
			return nil
		}()
		if loopErr == nil {
			return nil
		}
		err = loopErr
	}
	return err
}

// The closure builds a GET whatever the request asked for.
func (c *Client) get(resp *Resp) error {
	req := resp.req
	var err error
	for attempt := 0; attempt < 5; attempt++ {
		loopErr := func() error {
			httpReq, err := http.NewRequestWithContext(resp.ctx, http.MethodGet, c.hosts[0]+req.Path, nil)
			if err != nil {
				return err
			}
			resp.resp, err = c.hc.Do(httpReq)
			return err
		}()
		if loopErr == nil {
			return nil
		}
		err = loopErr
	}
	return err
}

// A write is sent once: the loop stops before a second attempt of it.
func (c *Client) onceForWrites(resp *Resp) error {
	req := resp.req
	var err error
	for attempt := 0; attempt < 5; attempt++ {
		if attempt > 0 && req.Method != http.MethodGet && req.Method != http.MethodHead {
			return err
		}
		loopErr := func() error {
			httpReq, err := http.NewRequestWithContext(resp.ctx, req.Method, c.hosts[0]+req.Path, nil)
			if err != nil {
				return err
			}
			resp.resp, err = c.hc.Do(httpReq)
			return err
		}()
		if loopErr == nil {
			return nil
		}
		err = loopErr
	}
	return err
}

// One request per host of a list: iteration, not a retry.
func (c *Client) each(ctx context.Context, req *Req) error {
	for _, h := range c.hosts {
		err := func() error {
			httpReq, err := http.NewRequestWithContext(ctx, req.Method, h+req.Path, nil)
			if err != nil {
				return err
			}
			r, err := c.hc.Do(httpReq)
			if err != nil {
				return err
			}
			return r.Body.Close()
		}()
		if err != nil {
			return err
		}
	}
	return nil
}
