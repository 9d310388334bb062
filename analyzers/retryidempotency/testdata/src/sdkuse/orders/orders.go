// Package orders is an SDK whose API names no net/http type: its callers
// need not import net/http to send through it.
package orders

import (
	"bytes"
	"context"
	"fmt"
	"net/http"
)

var client = &http.Client{}

// Create posts an order under the idempotency key it is given.
func Create(ctx context.Context, body, key string) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, "https://api.example.com/orders", bytes.NewBufferString(body))
	if err != nil {
		return err
	}
	req.Header.Set("Idempotency-Key", key)
	resp, err := client.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	if resp.StatusCode >= 500 {
		return fmt.Errorf("create order: %s", resp.Status)
	}
	return nil
}

// Lookup reads an order.
func Lookup(ctx context.Context, id string) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, "https://api.example.com/orders/"+id, nil)
	if err != nil {
		return err
	}
	resp, err := client.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}
