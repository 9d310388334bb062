// Package cfgmethod sends a webhook with the configured method, POST by
// default, and retries it after a transport error.
package cfgmethod

import (
	"bytes"
	"context"
	"net/http"
	"strings"
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

// The caller's method, normalised (strings.ToUpper(strings.TrimSpace(...)))
// with GET when none is given: the caller's POST is re-sent.
func (n *notifier) send(ctx context.Context, r config, body []byte) error {
	method := strings.ToUpper(strings.TrimSpace(r.Method))
	if method == "" {
		method = http.MethodGet
	}
	var err error
	for attempt := 0; attempt < 3; attempt++ {
		var req *http.Request
		req, err = http.NewRequestWithContext(ctx, method, r.URL, bytes.NewReader(body))
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

// Silent: the normalised method is checked before the next attempt.
func (n *notifier) sendChecked(ctx context.Context, r config, body []byte) error {
	method := strings.ToUpper(strings.TrimSpace(r.Method))
	var err error
	for attempt := 0; attempt < 3; attempt++ {
		var req *http.Request
		req, err = http.NewRequestWithContext(ctx, method, r.URL, bytes.NewReader(body))
		if err != nil {
			return err
		}
		var resp *http.Response
		resp, err = n.client.Do(req)
		if err == nil {
			return resp.Body.Close()
		}
		if method != http.MethodGet && method != http.MethodPut {
			return err
		}
	}
	return err
}
