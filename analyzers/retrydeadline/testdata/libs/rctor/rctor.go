// Package rctor sends through go-retryablehttp clients that package httpc
// makes: a Timeout the constructor set on the HTTPClient bounds each
// attempt, not the call.
package rctor

import (
	"context"
	"net/http"
	"time"

	"github.com/hashicorp/go-retryablehttp"

	"libs/rctor/httpc"
)

type Client struct {
	hc     *retryablehttp.Client
	once   *retryablehttp.Client
	plain  *retryablehttp.Client
	either *retryablehttp.Client
}

func New() *Client {
	return &Client{
		hc:     httpc.New(10 * time.Second), // want `HTTPClient Timeout of a retrying retryablehttp.Client \(set by httpc.New\) bounds each attempt, not the call`
		once:   httpc.Once(),
		plain:  httpc.Plain(),
		either: httpc.Either(false),
	}
}

func (c *Client) Create(body []byte) error {
	req, err := retryablehttp.NewRequest(http.MethodPost, "https://api.example.com/invoices", body)
	if err != nil {
		return err
	}
	resp, err := c.hc.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// The caller sets the Timeout on a client httpc made without one.
func fetch() error {
	rc := httpc.Plain()
	rc.HTTPClient.Timeout = 5 * time.Second // want `HTTPClient Timeout of a retrying retryablehttp.Client bounds each attempt, not the call`
	req, err := retryablehttp.NewRequest(http.MethodGet, "https://api.example.com/invoices", nil)
	if err != nil {
		return err
	}
	resp, err := rc.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// ---- must stay silent ----

// One attempt: its Timeout bounds the call.
func (c *Client) CreateOnce(body []byte) error {
	req, err := retryablehttp.NewRequest(http.MethodPost, "https://api.example.com/invoices", body)
	if err != nil {
		return err
	}
	resp, err := c.once.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// No Timeout.
func (c *Client) Get() error {
	req, err := retryablehttp.NewRequest(http.MethodGet, "https://api.example.com/invoices", nil)
	if err != nil {
		return err
	}
	resp, err := c.plain.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// A constructor that returns one of two clients is none.
func (c *Client) GetEither() error {
	req, err := retryablehttp.NewRequest(http.MethodGet, "https://api.example.com/invoices", nil)
	if err != nil {
		return err
	}
	resp, err := c.either.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// The caller bounds the call.
func within() error {
	rc := httpc.New(time.Second)
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	req, err := retryablehttp.NewRequestWithContext(ctx, http.MethodGet, "https://api.example.com/invoices", nil)
	if err != nil {
		return err
	}
	resp, err := rc.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// The caller takes the constructor's Timeout off.
func untimed() error {
	rc := httpc.New(time.Second)
	rc.HTTPClient.Timeout = 0
	req, err := retryablehttp.NewRequest(http.MethodGet, "https://api.example.com/invoices", nil)
	if err != nil {
		return err
	}
	resp, err := rc.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}
