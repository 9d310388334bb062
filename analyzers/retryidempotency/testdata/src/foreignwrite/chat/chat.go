// Package chat is an SDK: its writes take no idempotency key.
package chat

import (
	"context"
	"net/http"
	"net/url"
	"strings"
)

type doer interface {
	Do(*http.Request) (*http.Response, error)
}

// Client calls the chat API.
type Client struct{ hc doer }

func send(c doer, req *http.Request) error {
	resp, err := c.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

func postForm(ctx context.Context, c doer, path string, v url.Values) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, "https://chat.example/api/"+path, strings.NewReader(v.Encode()))
	if err != nil {
		return err
	}
	return send(c, req)
}

// PostMessage posts a message: a POST.
func (c *Client) PostMessage(ctx context.Context, channel, text string) error { // want PostMessage:"write\\(POST\\)"
	return postForm(ctx, c.hc, "chat.postMessage", url.Values{"channel": {channel}, "text": {text}})
}

// PostFile uploads a file and returns its id and URL: a POST.
func (c *Client) PostFile(ctx context.Context, name string) (string, string, error) { // want PostFile:"write\\(POST\\)"
	return "", "", postForm(ctx, c.hc, "files.upload", url.Values{"name": {name}})
}

// History reads a channel's history: a GET.
func (c *Client) History(ctx context.Context, channel string) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, "https://chat.example/api/history?channel="+url.QueryEscape(channel), nil)
	if err != nil {
		return err
	}
	return send(c.hc, req)
}

// List reads a page of channels from cursor, by POST as the API takes
// every call, and returns the next cursor.
func (c *Client) List(ctx context.Context, cursor string) (string, error) { // want List:"write\\(POST\\)"
	return "", postForm(ctx, c.hc, "conversations.list", url.Values{"cursor": {cursor}})
}
