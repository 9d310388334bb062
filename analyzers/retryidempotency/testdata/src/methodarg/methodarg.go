// Package methodarg retries calls of a helper that sends a request with
// the method its caller hands it, as an SDK's makeRequest(ctx, verb,
// method, url, body) does.
package methodarg

import (
	"context"
	"errors"
	"net/http"
	"strings"

	"methodarg/api"
)

type client struct{ hc *http.Client }

func (c *client) makeRequest(ctx context.Context, verb, method, url, body string) error {
	req, err := http.NewRequestWithContext(ctx, method, url, strings.NewReader(body))
	if err != nil {
		return err
	}
	req.Header.Set("X-Verb", verb)
	resp, err := c.hc.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// keyClient sends through a wrapper of its helper.
type keyClient struct{ hc *http.Client }

func (c *keyClient) send(ctx context.Context, method, url, body string) error {
	req, err := http.NewRequestWithContext(ctx, method, url, strings.NewReader(body))
	if err != nil {
		return err
	}
	resp, err := c.hc.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

func (c *keyClient) createKey(ctx context.Context, name string) error {
	return c.send(ctx, http.MethodPost, "https://example.com/create_key", name)
}

func (c *client) getKey(ctx context.Context, name string) error {
	return c.makeRequest(ctx, "get_key", http.MethodGet, "https://example.com/get_key?name="+name, "")
}

func createDirect(ctx context.Context, c *client) error {
	var err error
	for attempt := 0; attempt < 3; attempt++ {
		if err = c.makeRequest(ctx, "create", "POST", "https://example.com/create", "{}"); err == nil { // want `POST is retried after a transport error without an idempotency key \(makeRequest sends it\)`
			return nil
		}
	}
	return err
}

func createThroughWrapper(ctx context.Context, c *keyClient) error {
	var err error
	for attempt := 0; attempt < 3; attempt++ {
		if err = c.createKey(ctx, "k"); err == nil { // want `POST is retried after a transport error without an idempotency key \(createKey sends it\)`
			return nil
		}
	}
	return err
}

// ---- silent ----

func read(ctx context.Context, c *client) error {
	var err error
	for attempt := 0; attempt < 3; attempt++ {
		if err = c.getKey(ctx, "k"); err == nil {
			return nil
		}
	}
	return err
}

// The argument is the verb header, not the method.
type fixedClient struct{ hc *http.Client }

func (c *fixedClient) call(ctx context.Context, verb, url string) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		return err
	}
	req.Header.Set("X-Verb", verb)
	resp, err := c.hc.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

func verbOnly(ctx context.Context, c *fixedClient) error {
	var err error
	for attempt := 0; attempt < 3; attempt++ {
		if err = c.call(ctx, "POST", "https://example.com/x"); err == nil {
			return nil
		}
	}
	return err
}

// The helper sends the key it is handed, made once before the loop.
func (c *client) keyed(ctx context.Context, method, url, key string) error {
	req, err := http.NewRequestWithContext(ctx, method, url, nil)
	if err != nil {
		return err
	}
	req.Header.Set("Idempotency-Key", key)
	resp, err := c.hc.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

func keyedOnce(ctx context.Context, c *client, key string) error {
	var err error
	for attempt := 0; attempt < 3; attempt++ {
		if err = c.keyed(ctx, http.MethodPost, "https://example.com/pay", key); err == nil {
			return nil
		}
	}
	return err
}

// A helper of another package: its fact carries the method argument; a
// GET through it is no write.
func readThroughAPI(ctx context.Context, hc *http.Client) error {
	for attempt := 0; attempt < 3; attempt++ {
		if err := api.Do(ctx, hc, http.MethodGet, "https://example.com/x"); err == nil {
			return nil
		}
	}
	return errors.New("no response")
}
