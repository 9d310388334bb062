//go:build go1.22

// Package old is written for Go 1.22: the fix cannot use rand.Text.
package old

import "net/http"

func post(c *http.Client, url string) error {
	for attempt := 0; attempt < 3; attempt++ {
		resp, err := c.Post(url, "application/json", nil) // want `POST is retried after a transport error without an idempotency key`
		if err != nil {
			continue
		}
		return resp.Body.Close()
	}
	return nil
}
