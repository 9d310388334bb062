// Package chat is an SDK the package foreignop does not own: its
// PostMessage sends a POST and takes no idempotency key.
package chat

import (
	"context"
	"fmt"
	"net/http"
	"strings"
)

// Client calls the chat API.
type Client struct {
	HTTP *http.Client
	Base string
}

// PostMessage posts text to channel.
func (c *Client) PostMessage(ctx context.Context, channel, text string) error { // want PostMessage:"write\\(POST\\)"
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.Base+"/channels/"+channel+"/messages", strings.NewReader(text))
	if err != nil {
		return err
	}
	resp, err := c.HTTP.Do(req)
	if err != nil {
		return fmt.Errorf("chat: post message: %w", err)
	}
	defer resp.Body.Close()
	if resp.StatusCode >= 300 {
		return fmt.Errorf("chat: post message: %s", resp.Status)
	}
	return nil
}

// History reads a channel's messages.
func (c *Client) History(ctx context.Context, channel string) (string, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, c.Base+"/channels/"+channel+"/messages", nil)
	if err != nil {
		return "", err
	}
	resp, err := c.HTTP.Do(req)
	if err != nil {
		return "", fmt.Errorf("chat: history: %w", err)
	}
	defer resp.Body.Close()
	return resp.Status, nil
}
