// Package rctor sends through clients that another package makes.
package rctor

import (
	"context"
	"net/http"

	"github.com/hashicorp/go-retryablehttp"

	"libs/rctor/httpc"
)

type Client struct {
	hc   *retryablehttp.Client
	once *retryablehttp.Client
}

func New() *Client { return &Client{hc: httpc.New(4), once: httpc.Once()} }

// The POST goes through a client that retries, made in httpc.
func (c *Client) Create(ctx context.Context, body []byte) error {
	req, err := retryablehttp.NewRequestWithContext(ctx, http.MethodPost, "https://api.example.com/invoices", body)
	if err != nil {
		return err
	}
	resp, err := c.hc.Do(req) // want `POST is sent through a retrying retryablehttp.Client`
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// Silent: a GET through the same client.
func (c *Client) Get(ctx context.Context) error {
	req, err := retryablehttp.NewRequestWithContext(ctx, http.MethodGet, "https://api.example.com/invoices", nil)
	if err != nil {
		return err
	}
	resp, err := c.hc.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// Silent: a POST through the client that makes one attempt.
func (c *Client) CreateOnce(ctx context.Context, body []byte) error {
	req, err := retryablehttp.NewRequestWithContext(ctx, http.MethodPost, "https://api.example.com/invoices", body)
	if err != nil {
		return err
	}
	resp, err := c.once.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}
