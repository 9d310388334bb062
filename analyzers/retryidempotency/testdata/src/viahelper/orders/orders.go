// Package orders is an API client of another package: Create posts an
// order, Get reads one.
package orders

import (
	"bytes"
	"context"
	"net/http"
	"net/url"
	"strings"
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

// Token asks the authorization server for an access token (RFC 6749
// section 4.4): a POST that grants a token and writes nothing.
func (c *Client) Token(ctx context.Context, clientID, secret string) (string, error) {
	v := url.Values{}
	v.Set("grant_type", "client_credentials")
	v.Set("client_id", clientID)
	v.Set("client_secret", secret)
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.Base+"/oauth/token", strings.NewReader(v.Encode()))
	if err != nil {
		return "", err
	}
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	resp, err := c.HC.Do(req)
	if err != nil {
		return "", err
	}
	defer resp.Body.Close()
	return resp.Header.Get("X-Token"), nil
}
