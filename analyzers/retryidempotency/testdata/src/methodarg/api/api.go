// Package api sends requests with the method its callers hand it.
package api

import (
	"context"
	"net/http"
)

// Do sends a request with the method it is handed.
func Do(ctx context.Context, c *http.Client, method, url string) error { // want Do:`write\(method of param 2\)`
	req, err := http.NewRequestWithContext(ctx, method, url, nil)
	if err != nil {
		return err
	}
	resp, err := c.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}
