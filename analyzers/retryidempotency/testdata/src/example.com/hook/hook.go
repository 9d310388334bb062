// Package hook implements, in a package of its own, the notifier that
// package ifacewrite retries.
package hook

import (
	"bytes"
	"context"
	"fmt"
	"net/http"
)

// Notifier is what a stage delivers through.
type Notifier interface {
	Notify(ctx context.Context, msg string) error
}

// Webhook posts each message.
type Webhook struct{ URL string }

func (w *Webhook) Notify(ctx context.Context, msg string) error { // want Notify:"write\\(POST\\)"
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, w.URL, bytes.NewBufferString(msg))
	if err != nil {
		return err
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	if resp.StatusCode >= 500 {
		return fmt.Errorf("status %d", resp.StatusCode)
	}
	return nil
}
