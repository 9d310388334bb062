// Package cfgmethod sends a webhook with the configured method, POST by
// default, and retries it after a transport error.
package cfgmethod

import (
	"bytes"
	"context"
	"net/http"
)

type config struct {
	URL    string
	Method string
}

type notifier struct {
	cfg    config
	client *http.Client
}

// The configured method, POST when none is: a write, re-sent.
func (n *notifier) notify(ctx context.Context, body []byte) error {
	method := n.cfg.Method
	if method == "" {
		method = http.MethodPost
	}
	var err error
	for attempt := 0; attempt < 3; attempt++ {
		var req *http.Request
		req, err = http.NewRequestWithContext(ctx, method, n.cfg.URL, bytes.NewReader(body))
		if err != nil {
			return err
		}
		var resp *http.Response
		resp, err = n.client.Do(req) // want `a request of any method is re-sent after a transport error without a check of its method or an Idempotency-Key header`
		if err == nil {
			return resp.Body.Close()
		}
	}
	return err
}

// Silent: the method is GET or HEAD, both constants.
func (n *notifier) probe(ctx context.Context, head bool) error {
	method := http.MethodGet
	if head {
		method = http.MethodHead
	}
	var err error
	for attempt := 0; attempt < 3; attempt++ {
		var req *http.Request
		req, err = http.NewRequestWithContext(ctx, method, n.cfg.URL, nil)
		if err != nil {
			return err
		}
		var resp *http.Response
		resp, err = n.client.Do(req)
		if err == nil {
			return resp.Body.Close()
		}
	}
	return err
}
