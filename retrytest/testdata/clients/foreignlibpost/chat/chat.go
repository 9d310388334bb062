// Package chat is a small SDK whose writes take no idempotency key.
package chat

import (
	"context"
	"fmt"
	"net/http"
	"net/url"
	"strings"
)

// Client posts to a chat API.
type Client struct {
	HTTP *http.Client
	Base string
}

// PostMessage posts text to channel: a POST. An error is the client's
// (a *url.Error, wrapped) or the server's answer.
func (c *Client) PostMessage(channel, text string) error {
	v := url.Values{"channel": {channel}, "text": {text}}
	req, err := http.NewRequestWithContext(context.Background(), http.MethodPost, c.Base+"/api/chat.postMessage", strings.NewReader(v.Encode()))
	if err != nil {
		return err
	}
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	resp, err := c.HTTP.Do(req)
	if err != nil {
		return fmt.Errorf("chat: %w", err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return fmt.Errorf("chat: status %d", resp.StatusCode)
	}
	return nil
}
