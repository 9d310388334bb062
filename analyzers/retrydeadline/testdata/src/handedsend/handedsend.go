// Package handedsend re-sends the request a function is handed through a
// client with a Timeout: each attempt is bounded, the attempts and the
// waits together are not.
package handedsend

import (
	"context"
	"errors"
	"net/http"
	"time"
)

type Client struct {
	hc      *http.Client
	retries int
}

func newClient() *Client {
	return &Client{hc: &http.Client{Timeout: 10 * time.Second}, retries: 3}
}

// headers re-sends the request it is handed on a 503.
func (c *Client) headers(req *http.Request) (http.Header, error) {
	for i := 0; ; i++ {
		resp, err := c.hc.Do(req) // want `per-attempt timeout \(http.Client.Timeout\) inside retry loop but no overall deadline`
		if err != nil {
			return nil, err
		}
		resp.Body.Close()
		if resp.StatusCode != http.StatusServiceUnavailable {
			return resp.Header, nil
		}
		if i >= c.retries {
			return nil, errors.New(resp.Status)
		}
		select {
		case <-req.Context().Done():
			return nil, req.Context().Err()
		case <-time.After(time.Second):
		}
	}
}

// Silent: the attempts are sent with a deadline made from the handed
// request's context.
func (c *Client) headersBounded(req *http.Request) (http.Header, error) {
	ctx, cancel := context.WithTimeout(req.Context(), time.Minute)
	defer cancel()
	for i := 0; ; i++ {
		resp, err := c.hc.Do(req.WithContext(ctx))
		if err != nil {
			return nil, err
		}
		resp.Body.Close()
		if resp.StatusCode != http.StatusServiceUnavailable {
			return resp.Header, nil
		}
		if i >= c.retries {
			return nil, errors.New(resp.Status)
		}
		select {
		case <-ctx.Done():
			return nil, ctx.Err()
		case <-time.After(time.Second):
		}
	}
}

// Silent: one request each, not the same one again.
func (c *Client) all(reqs []*http.Request) error {
	for _, req := range reqs {
		resp, err := c.hc.Do(req)
		if err != nil {
			return err
		}
		resp.Body.Close()
	}
	return nil
}

// Silent: a client without a Timeout.
func headersPlain(req *http.Request) (http.Header, error) {
	for i := 0; ; i++ {
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			return nil, err
		}
		resp.Body.Close()
		if resp.StatusCode != http.StatusServiceUnavailable || i >= 3 {
			return resp.Header, nil
		}
		select {
		case <-req.Context().Done():
			return nil, req.Context().Err()
		case <-time.After(time.Second):
		}
	}
}

// Doer is what the call sends through.
type Doer interface {
	Do(req *http.Request) (*http.Response, error)
}

type apiCall struct {
	client Doer
	tries  int
}

func newAPICall(client Doer) *apiCall { return &apiCall{client: client, tries: 3} }

func newNodeCall() *apiCall {
	return newAPICall(&http.Client{Timeout: 5 * time.Second})
}

// Do re-sends the request it is handed through the Doer, a client with a
// Timeout of 5 seconds.
func (a *apiCall) Do(req *http.Request) (*http.Response, error) {
	var last error
	for i := 0; i < a.tries; i++ {
		resp, err := a.client.Do(req) // want `per-attempt timeout \(http.Client.Timeout\) inside retry loop but no overall deadline`
		if err == nil && resp.StatusCode < 500 {
			return resp, nil
		}
		if err == nil {
			resp.Body.Close()
		}
		last = err
		select {
		case <-req.Context().Done():
			return nil, req.Context().Err()
		case <-time.After(100 * time.Millisecond):
		}
	}
	return nil, last
}

type openCall struct {
	client Doer
}

// NewOpenCall is exported: callers elsewhere may store a Doer of their
// own, with no timeout, which a budget sized from 5 seconds would cut.
func NewOpenCall(client Doer) *openCall { return &openCall{client: client} }

func newOpenNode() *openCall { return NewOpenCall(&http.Client{Timeout: 5 * time.Second}) }

// Silent: no Timeout every stored Doer is known to have.
func (a *openCall) Do(req *http.Request) (*http.Response, error) {
	var last error
	for i := 0; i < 3; i++ {
		resp, err := a.client.Do(req)
		if err == nil && resp.StatusCode < 500 {
			return resp, nil
		}
		if err == nil {
			resp.Body.Close()
		}
		last = err
		select {
		case <-req.Context().Done():
			return nil, req.Context().Err()
		case <-time.After(100 * time.Millisecond):
		}
	}
	return nil, last
}

var (
	_ = newClient
	_ = newNodeCall
	_ = newOpenNode
)
