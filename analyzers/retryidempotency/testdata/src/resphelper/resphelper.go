// Package resphelper holds retry loops around a helper that sends a POST
// and returns the response beside other results: the response carries
// the statuses, as a send's does.
package resphelper

import (
	"bytes"
	"context"
	"errors"
	"net/http"
	"time"
)

type client struct {
	hc *http.Client
}

// postOnce sends one POST and returns the response and the request.
func (c *client) postOnce(ctx context.Context, url string, body []byte) (*http.Response, *http.Request, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, url, bytes.NewReader(body))
	if err != nil {
		return nil, nil, err
	}
	req.Header.Set("Content-Type", "application/jose+json")
	res, err := c.hc.Do(req)
	if err != nil {
		return nil, nil, err
	}
	return res, req, nil
}

func retriable(code int) bool { // want retriable:"predicate\\(transport=\\? 200=false 201=false 202=false 204=false 500=true 502=true 504=true\\)"
	return code >= 500 || code == http.StatusTooManyRequests
}

// post gives up on a transport error but retries every 5xx: a POST whose
// 500 or 504 came after the server applied it is applied again.
func (c *client) post(ctx context.Context, url string, body []byte) (*http.Response, error) {
	for {
		res, _, err := c.postOnce(ctx, url, body) // want `POST is retried after status 500 without an idempotency key \(postOnce sends it\)`
		if err != nil {
			return nil, err
		}
		if res.StatusCode == http.StatusCreated {
			return res, nil
		}
		res.Body.Close()
		if !retriable(res.StatusCode) {
			return nil, errors.New(res.Status)
		}
		select {
		case <-ctx.Done():
			return nil, ctx.Err()
		case <-time.After(time.Second):
		}
	}
}

// postLimited retries only a 429 or a 503, after which the server did
// not apply the POST.
func (c *client) postLimited(ctx context.Context, url string, body []byte) (*http.Response, error) {
	for {
		res, _, err := c.postOnce(ctx, url, body)
		if err != nil {
			return nil, err
		}
		if res.StatusCode != http.StatusTooManyRequests && res.StatusCode != http.StatusServiceUnavailable {
			return res, nil
		}
		res.Body.Close()
		select {
		case <-ctx.Done():
			return nil, ctx.Err()
		case <-time.After(time.Second):
		}
	}
}
