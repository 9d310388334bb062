// Package ifaceretry retries through an interface that a type of the same
// package implements.
package ifaceretry

import (
	"bytes"
	"context"
	"errors"
	"net/http"
	"time"
)

type Retryer interface {
	Do(ctx context.Context, op func() error) error
}

type backoff struct{}

func (backoff) Do(ctx context.Context, op func() error) error {
	for i := 0; i < 5; i++ {
		if err := op(); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return errors.New("gave up")
}

func New() *Client { return &Client{r: backoff{}, hc: http.DefaultClient} }

type Client struct {
	r  Retryer
	hc *http.Client
}

func (c *Client) Create(ctx context.Context, body []byte) error {
	return c.r.Do(ctx, func() error {
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, "https://api.example.com/orders", bytes.NewReader(body))
		if err != nil {
			return err
		}
		resp, err := c.hc.Do(req) // want `POST is retried by Do after a transport error without an idempotency key`
		if err != nil {
			return err
		}
		return resp.Body.Close()
	})
}

func (c *Client) CreateDirect(ctx context.Context, body []byte) error {
	return backoff{}.Do(ctx, func() error {
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, "https://api.example.com/orders", bytes.NewReader(body))
		if err != nil {
			return err
		}
		resp, err := c.hc.Do(req) // want `POST is retried by Do after a transport error without an idempotency key`
		if err != nil {
			return err
		}
		return resp.Body.Close()
	})
}
