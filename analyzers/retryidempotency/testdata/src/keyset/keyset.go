// Package keyset holds writes whose key a helper sets: one made once and
// handed to it keeps the write safe, one the helper makes on every call
// does not.
package keyset

import (
	"bytes"
	"context"
	"crypto/rand"
	"errors"
	"net/http"

	"keyset/hdr"
)

type client struct {
	hc  *http.Client
	url string
}

// setHeaders sets the headers of every request, the key when it is given.
func (c *client) setHeaders(req *http.Request, key string) {
	req.Header.Set("Content-Type", "application/json")
	if key != "" {
		req.Header.Set("Idempotency-Key", key)
	}
}

// stamp sets a key of its own on the request, through hdr.
func stamp(req *http.Request) {
	hdr.AddKey(req.Header)
}

// ---- must flag ----

// A helper makes a new key on each attempt.
func (c *client) freshByHelper(ctx context.Context, body []byte) (*http.Response, error) {
	for range 3 {
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.url, bytes.NewReader(body))
		if err != nil {
			return nil, err
		}
		stamp(req)
		resp, err := c.hc.Do(req) // want `POST is retried after a transport error with an idempotency key that stamp makes anew on each attempt`
		if err != nil {
			continue
		}
		return resp, nil
	}
	return nil, errors.New("gave up")
}

// The header is replaced after the key was set: the key is lost.
func (c *client) headerReplaced(ctx context.Context, body []byte, defaults http.Header) (*http.Response, error) {
	key := rand.Text()
	for range 3 {
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.url, bytes.NewReader(body))
		if err != nil {
			return nil, err
		}
		hdr.SetKey(req, key)
		req.Header = defaults.Clone()
		resp, err := c.hc.Do(req) // want `POST is retried after a transport error without an idempotency key`
		if err != nil {
			continue
		}
		return resp, nil
	}
	return nil, errors.New("gave up")
}

// A request id made once is no idempotency key: the server does not
// deduplicate on it.
func (c *client) requestID(ctx context.Context, body []byte) (*http.Response, error) {
	id := rand.Text()
	for range 3 {
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.url, bytes.NewReader(body))
		if err != nil {
			return nil, err
		}
		req.Header.Set("X-Request-Id", id)
		resp, err := c.hc.Do(req) // want `POST is retried after a transport error without an idempotency key`
		if err != nil {
			continue
		}
		return resp, nil
	}
	return nil, errors.New("gave up")
}

// ---- must stay silent ----

// The key is made once and handed to a helper of the package.
func (c *client) byMethod(ctx context.Context, body []byte) (*http.Response, error) {
	key := rand.Text()
	for range 3 {
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.url, bytes.NewReader(body))
		if err != nil {
			return nil, err
		}
		c.setHeaders(req, key)
		resp, err := c.hc.Do(req)
		if err != nil {
			continue
		}
		return resp, nil
	}
	return nil, errors.New("gave up")
}

// The key is made once and handed to a helper of another package.
func (c *client) byOtherPackage(ctx context.Context, body []byte) (*http.Response, error) {
	key := rand.Text()
	for range 3 {
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.url, bytes.NewReader(body))
		if err != nil {
			return nil, err
		}
		hdr.SetKey(req, key)
		resp, err := c.hc.Do(req)
		if err != nil {
			continue
		}
		return resp, nil
	}
	return nil, errors.New("gave up")
}

// The key is an option of the call, which a helper applies.
func (c *client) byOptions(ctx context.Context, body []byte, o hdr.Options) (*http.Response, error) {
	for range 3 {
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.url, bytes.NewReader(body))
		if err != nil {
			return nil, err
		}
		hdr.Apply(req.Header, o)
		resp, err := c.hc.Do(req)
		if err != nil {
			continue
		}
		return resp, nil
	}
	return nil, errors.New("gave up")
}

// The headers are made once, with the key, and copied on every attempt.
func (c *client) headersOnce(ctx context.Context, body []byte) (*http.Response, error) {
	h := http.Header{}
	h.Set("Content-Type", "application/json")
	h.Set("Idempotency-Key", rand.Text())
	for range 3 {
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.url, bytes.NewReader(body))
		if err != nil {
			return nil, err
		}
		req.Header = h.Clone()
		resp, err := c.hc.Do(req)
		if err != nil {
			continue
		}
		return resp, nil
	}
	return nil, errors.New("gave up")
}

// A header named as an idempotency key of its API, made once.
func (c *client) idempotencyToken(ctx context.Context, body []byte) (*http.Response, error) {
	token := rand.Text()
	for range 3 {
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.url, bytes.NewReader(body))
		if err != nil {
			return nil, err
		}
		req.Header.Set("Idempotency-Token", token)
		resp, err := c.hc.Do(req)
		if err != nil {
			continue
		}
		return resp, nil
	}
	return nil, errors.New("gave up")
}
