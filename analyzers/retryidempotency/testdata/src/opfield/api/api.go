// Package api describes each operation of a service as a struct and
// builds or sends its request from that description, as generated SDKs do.
package api

import (
	"context"
	"net/http"
	"strings"
)

// Op describes an operation: its method and path.
type Op struct {
	Method string
	Path   string
}

// NewRequest builds the request of op.
func NewRequest(ctx context.Context, op *Op, body string) (*http.Request, error) { // want NewRequest:`method\(param 1 field Method\)`
	return http.NewRequestWithContext(ctx, op.Method, "https://api.example.com"+op.Path, strings.NewReader(body))
}

// Client sends operations.
type Client struct{ HC *http.Client }

// Invoke sends the request of op.
func (c *Client) Invoke(ctx context.Context, op Op, body string) (*http.Response, error) { // want Invoke:`write\(method of param 1 field Method\)`
	req, err := NewRequest(ctx, &op, body)
	if err != nil {
		return nil, err
	}
	return c.HC.Do(req)
}
