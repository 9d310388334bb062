// Package resendcall hands requests to another package's retrying
// sender.
package resendcall

import (
	"context"
	"net/http"
	"strings"

	"example.com/transport"
)

// bulk posts documents through the library's retrying client: a POST
// re-sent after a transport error, without a key.
func bulk(ctx context.Context, c transport.Interface, ndjson string) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, "http://search.example/_bulk", strings.NewReader(ndjson))
	if err != nil {
		return err
	}
	req.Header.Set("Content-Type", "application/x-ndjson")
	resp, err := c.Perform(req) // want `POST is handed to transport Client.Perform, which re-sends it after a transport error, without an idempotency key`
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// patch goes through the concrete client.
func patch(c *transport.Client, body string) error {
	req, err := http.NewRequest(http.MethodPatch, "http://api.example/items/1", strings.NewReader(body))
	if err != nil {
		return err
	}
	if resp, err := c.Perform(req); err == nil { // want `PATCH is handed to transport Client.Perform, which re-sends it after a transport error, without an idempotency key`
		resp.Body.Close()
	}
	return nil
}

// twice hands two posts to the client in one function: each fix
// declares a key of its own name.
func twice(c *transport.Client) {
	first, _ := http.NewRequest(http.MethodPost, "http://api.example/a", strings.NewReader("{}"))
	c.Perform(first) // want `POST is handed to transport Client.Perform`
	second, _ := http.NewRequest(http.MethodPost, "http://api.example/b", strings.NewReader("{}"))
	c.Perform(second) // want `POST is handed to transport Client.Perform`
}

// Silent: a GET, a POST that carries a key made once for all the
// attempts, a POST sent once, and a POST through an interface with two
// implementations.
func silent(c *transport.Client, hc *http.Client, p transport.Pool, key string) {
	get, _ := http.NewRequest(http.MethodGet, "http://api.example/items", nil)
	c.Perform(get)

	keyed, _ := http.NewRequest(http.MethodPost, "http://api.example/orders", strings.NewReader("{}"))
	keyed.Header.Set("Idempotency-Key", key)
	c.Perform(keyed)

	once, _ := http.NewRequest(http.MethodPost, "http://api.example/orders", strings.NewReader("{}"))
	transport.Send(hc, once)

	pooled, _ := http.NewRequest(http.MethodPost, "http://api.example/orders", strings.NewReader("{}"))
	p.Do(pooled)
}
