// Package athand holds retry loops whose context is at hand as a field or
// as the context of a request held in one, not as a variable.
package athand

import (
	"context"
	"errors"
	"net/http"
	"time"
)

type config struct {
	Request    *http.Request
	MaxRetries int
	handler    func(*http.Request) (*http.Response, error)
}

// The attempts are clones of the caller's request; the wait between them
// ignores the caller's context.
func (cfg *config) execute() (*http.Response, error) {
	var res *http.Response
	var err error
	for retry := 0; retry <= cfg.MaxRetries; retry++ {
		ctx := cfg.Request.Context()
		req := cfg.Request.Clone(ctx)
		res, err = cfg.handler(req)
		if err == nil || retry == cfg.MaxRetries {
			break
		}
		if cfg.Request.GetBody != nil {
			cfg.Request.Body, err = cfg.Request.GetBody()
			if err != nil {
				return nil, err
			}
		}
		time.Sleep(time.Duration(retry) * time.Second) // want `time.Sleep in retry loop ignores cancellation of cfg.Request.Context\(\)`
	}
	return res, err
}

type resp struct {
	ctx    context.Context
	client *http.Client
	url    string
	freq   time.Duration
}

// The attempt runs in a closure called on the spot; its rate-limit delay
// ignores the context the response was made for.
func (r *resp) next() error {
	for try := 0; try < 5; try++ {
		if err := r.ctx.Err(); err != nil {
			return err
		}
		err := func() error {
			req, err := http.NewRequestWithContext(r.ctx, http.MethodGet, r.url, nil)
			if err != nil {
				return err
			}
			if r.freq > 0 {
				time.Sleep(r.freq) // want `time.Sleep in retry loop ignores cancellation of r.ctx`
			}
			res, err := r.client.Do(req)
			if err != nil {
				return err
			}
			return res.Body.Close()
		}()
		if err == nil {
			return nil
		}
	}
	return errors.New("retry limit exceeded")
}

// ---- must stay silent ----

// The wait ends with the field's context.
func (r *resp) waits() error {
	for try := 0; try < 5; try++ {
		req, err := http.NewRequestWithContext(r.ctx, http.MethodGet, r.url, nil)
		if err != nil {
			return err
		}
		res, err := r.client.Do(req)
		if err == nil {
			return res.Body.Close()
		}
		select {
		case <-r.ctx.Done():
			return r.ctx.Err()
		case <-time.After(r.freq):
		}
	}
	return errors.New("retry limit exceeded")
}

// The loop gives the field a new context in every attempt: the one it
// would wait on is not the caller's any more.
func (r *resp) renews() error {
	for try := 0; try < 5; try++ {
		r.ctx = context.Background()
		req, err := http.NewRequestWithContext(r.ctx, http.MethodGet, r.url, nil)
		if err != nil {
			return err
		}
		res, err := r.client.Do(req)
		if err == nil {
			return res.Body.Close()
		}
		time.Sleep(r.freq)
	}
	return errors.New("retry limit exceeded")
}

// A new request in every attempt, taken from the struct: its context is
// not one the whole loop has.
func (cfg *config) replaces(url string) (*http.Response, error) {
	for retry := 0; retry <= cfg.MaxRetries; retry++ {
		cfg.Request, _ = http.NewRequest(http.MethodGet, url, nil)
		req := cfg.Request.Clone(cfg.Request.Context())
		res, err := cfg.handler(req)
		if err == nil {
			return res, nil
		}
		time.Sleep(time.Second)
	}
	return nil, errors.New("retry limit exceeded")
}

// The sleep runs in a goroutine of its own, not between attempts.
func (r *resp) background() error {
	for try := 0; try < 5; try++ {
		go func() {
			time.Sleep(r.freq)
		}()
		req, err := http.NewRequestWithContext(r.ctx, http.MethodGet, r.url, nil)
		if err != nil {
			return err
		}
		res, err := r.client.Do(req)
		if err == nil {
			return res.Body.Close()
		}
	}
	return errors.New("retry limit exceeded")
}

// A context field that no attempt uses is not the operation's.
type poller struct {
	ctx    context.Context
	client *http.Client
}

func (p *poller) fetch(url string) (*http.Response, error) {
	for range 3 {
		res, err := p.client.Get(url)
		if err == nil {
			return res, nil
		}
		time.Sleep(time.Second)
	}
	return nil, errors.New("retry limit exceeded")
}
