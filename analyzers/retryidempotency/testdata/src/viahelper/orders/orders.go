// Package orders is an API client of another package: Create posts an
// order, Get reads one.
package orders

import (
	"bytes"
	"context"
	"net/http"
)

// Client calls the orders API.
type Client struct {
	Base string
	HC   *http.Client
}

// Create posts a new order.
func (c *Client) Create(ctx context.Context, item string) (string, error) { // want Create:"write\\(POST\\)"
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.Base+"/orders", bytes.NewBufferString(item))
	if err != nil {
		return "", err
	}
	resp, err := c.HC.Do(req)
	if err != nil {
		return "", err
	}
	defer resp.Body.Close()
	return resp.Header.Get("Location"), nil
}

// Get reads an order.
func (c *Client) Get(ctx context.Context, id string) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, c.Base+"/orders/"+id, nil)
	if err != nil {
		return err
	}
	resp, err := c.HC.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}
