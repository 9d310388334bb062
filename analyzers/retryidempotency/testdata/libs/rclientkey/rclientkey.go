// Package rclientkey sends requests of any method through a retrying
// client, with an idempotency key set once on each request before the
// client's retries: it must stay silent.
package rclientkey

import (
	"context"
	"net/http"

	"github.com/google/uuid"
	"github.com/hashicorp/go-retryablehttp"
)

type Client struct{ rc *retryablehttp.Client }

func New() *Client { return &Client{rc: retryablehttp.NewClient()} }

func (c *Client) newRequest(ctx context.Context, method, url string, body []byte) (*retryablehttp.Request, error) {
	req, err := retryablehttp.NewRequestWithContext(ctx, method, url, body)
	if err != nil {
		return nil, err
	}
	if method == http.MethodPost {
		req.Header.Set("Idempotency-Key", uuid.NewString())
	}
	return req, nil
}

func (c *Client) Send(ctx context.Context, method string, body []byte) error {
	req, err := c.newRequest(ctx, method, "https://api.example.com/x", body)
	if err != nil {
		return err
	}
	resp, err := c.rc.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}
