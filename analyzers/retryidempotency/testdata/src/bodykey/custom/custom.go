// Package custom posts to an API that deduplicates on ticket_ref, a field
// configured with -retryidempotency.key-fields.
package custom

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"net/http"
)

// Open retries a POST whose body carries the configured key: silent.
func Open(ctx context.Context, c *http.Client, u, ref string) error {
	body, _ := json.Marshal(map[string]string{"ticket_ref": ref, "title": "disk"})
	for range 3 {
		resp, err := c.Post(u, "application/json", bytes.NewReader(body))
		if err != nil {
			continue
		}
		resp.Body.Close()
		return nil
	}
	return errors.New("gave up")
}

// Page carries entity_id, a default key field that the configured list
// replaced: reported.
func Page(ctx context.Context, c *http.Client, u, id string) error {
	body, _ := json.Marshal(map[string]string{"entity_id": id})
	for range 3 {
		resp, err := c.Post(u, "application/json", bytes.NewReader(body)) // want `POST is retried after a transport error without an idempotency key`
		if err != nil {
			continue
		}
		resp.Body.Close()
		return nil
	}
	return errors.New("gave up")
}
