// Package clientassign: clients given their Timeout by an assignment
// after they are made, as constructors often do.
package clientassign

import (
	"context"
	"errors"
	"net"
	"net/http"
	"time"
)

var errGaveUp = errors.New("gave up")

type Config struct {
	Timeout    time.Duration
	MaxRetries int
}

type Client struct {
	httpClient *http.Client
	cfg        Config
}

// New sets the Timeout only when one is configured.
func New(cfg Config) *Client {
	hc := &http.Client{}
	if cfg.Timeout > 0 {
		hc.Timeout = cfg.Timeout
	}
	return &Client{httpClient: hc, cfg: cfg}
}

func (c *Client) Fetch(ctx context.Context, url string) (*http.Response, error) {
	for attempt := 0; attempt < c.cfg.MaxRetries; attempt++ {
		req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
		if err != nil {
			return nil, err
		}
		resp, err := c.httpClient.Do(req) // want `per-attempt timeout \(http.Client.Timeout\) inside retry loop but no overall deadline`
		if err == nil && resp.StatusCode == http.StatusOK {
			return resp, nil
		}
		if err == nil {
			resp.Body.Close()
		}
		select {
		case <-ctx.Done():
			return nil, ctx.Err()
		case <-time.After(time.Second):
		}
	}
	return nil, errGaveUp
}

func pooledClient() *http.Client {
	return &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: 10}}
}

type Pooled struct {
	hc *http.Client
}

// NewPooled takes a client from a constructor and sets its Timeout.
func NewPooled() *Pooled {
	hc := pooledClient()
	hc.Timeout = 20 * time.Second
	return &Pooled{hc: hc}
}

func (p *Pooled) Get(ctx context.Context, url string) (*http.Response, error) {
	for i := 0; i <= 3; i++ {
		req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
		if err != nil {
			return nil, err
		}
		resp, err := p.hc.Do(req) // want `per-attempt timeout \(http.Client.Timeout\) inside retry loop but no overall deadline`
		if err == nil {
			return resp, nil
		}
		select {
		case <-ctx.Done():
			return nil, ctx.Err()
		case <-time.After(500 * time.Millisecond):
		}
	}
	return nil, errGaveUp
}

// local makes its client and sets the Timeout in the function.
func local(url string) (*http.Response, error) {
	client := &http.Client{}
	client.Timeout = 5 * time.Second
	for i := 0; i < 3; i++ {
		req, err := http.NewRequest(http.MethodGet, url, nil)
		if err != nil {
			return nil, err
		}
		resp, err := client.Do(req) // want `per-attempt timeout \(http.Client.Timeout\) inside retry loop but no overall deadline`
		if err == nil {
			return resp, nil
		}
	}
	return nil, errGaveUp
}

// Shared may also take the caller's client, whose Timeout is unknown:
// the clients NewShared makes have one, so the attempts through them
// have a per-attempt timeout, and the budget is checked only when the
// client's Timeout is positive.
type Shared struct {
	hc *http.Client
}

func NewShared() *Shared {
	hc := &http.Client{}
	hc.Timeout = 10 * time.Second
	return &Shared{hc: hc}
}

func NewSharedWith(hc *http.Client) *Shared {
	hc.Timeout = 10 * time.Second
	return &Shared{hc: hc}
}

func (s *Shared) Get(ctx context.Context, url string) (*http.Response, error) {
	for i := 0; i <= 3; i++ {
		req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
		if err != nil {
			return nil, err
		}
		resp, err := s.hc.Do(req) // want `per-attempt timeout \(http.Client.Timeout\) inside retry loop but no overall deadline`
		if err == nil {
			return resp, nil
		}
		select {
		case <-ctx.Done():
			return nil, ctx.Err()
		case <-time.After(500 * time.Millisecond):
		}
	}
	return nil, errGaveUp
}

// ---- must stay silent ----

// noTimeout sets a Timeout of zero: none.
func noTimeout(url string) (*http.Response, error) {
	client := &http.Client{}
	client.Timeout = 0
	for i := 0; i < 3; i++ {
		req, err := http.NewRequest(http.MethodGet, url, nil)
		if err != nil {
			return nil, err
		}
		resp, err := client.Do(req)
		if err == nil {
			return resp, nil
		}
	}
	return nil, errGaveUp
}

// bounded has an overall deadline.
func bounded(ctx context.Context, url string) (*http.Response, error) {
	client := &http.Client{}
	client.Timeout = 5 * time.Second
	ctx, cancel := context.WithTimeout(ctx, 20*time.Second)
	defer cancel()
	for i := 0; i < 3; i++ {
		req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
		if err != nil {
			return nil, err
		}
		resp, err := client.Do(req)
		if err == nil {
			return resp, nil
		}
	}
	return nil, errGaveUp
}

// transportTimeouts bounds phases of a request (dial, TLS, the response
// header), not the attempt: no per-attempt timeout.
func transportTimeouts(ctx context.Context, url string) (*http.Response, error) {
	client := &http.Client{Transport: &http.Transport{
		DialContext:           (&net.Dialer{Timeout: 5 * time.Second}).DialContext,
		TLSHandshakeTimeout:   5 * time.Second,
		ResponseHeaderTimeout: 10 * time.Second,
	}}
	for i := 0; i < 3; i++ {
		req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
		if err != nil {
			return nil, err
		}
		resp, err := client.Do(req)
		if err == nil {
			return resp, nil
		}
	}
	return nil, errGaveUp
}
