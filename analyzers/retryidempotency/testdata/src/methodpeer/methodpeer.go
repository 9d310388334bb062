// Package methodpeer: a cluster client whose call tries each peer in turn
// with the method its caller passes, through a helper that builds the
// request from it.
package methodpeer

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
)

type Conn struct {
	client *http.Client
	peers  []string
}

func (c *Conn) doOnce(ctx context.Context, method, url string, body []byte) ([]byte, error) {
	req, err := http.NewRequestWithContext(ctx, method, url, bytes.NewReader(body))
	if err != nil {
		return nil, err
	}
	resp, err := c.client.Do(req)
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		return nil, err
	}
	if resp.StatusCode != http.StatusOK {
		return nil, fmt.Errorf("status %d: %s", resp.StatusCode, b)
	}
	return b, nil
}

// Must flag: a peer that took a write and timed out hands it to the next
// peer, which applies it again.
func (c *Conn) call(ctx context.Context, method, path string, body []byte) ([]byte, error) {
	for _, p := range c.peers {
		b, err := c.doOnce(ctx, method, p+path, body) // want `a request of its caller's method \(method\) is re-sent after a transport error`
		if err != nil {
			continue
		}
		return b, nil
	}
	return nil, errors.New("no peer answered")
}

// Must stay silent: the method is checked before the next peer.
func (c *Conn) callChecked(ctx context.Context, method, path string, body []byte) ([]byte, error) {
	for _, p := range c.peers {
		b, err := c.doOnce(ctx, method, p+path, body)
		if err != nil {
			if method != http.MethodGet {
				return nil, err
			}
			continue
		}
		return b, nil
	}
	return nil, errors.New("no peer answered")
}

// Must stay silent: the method is a constant GET.
func (c *Conn) query(ctx context.Context, path string) ([]byte, error) {
	for _, p := range c.peers {
		b, err := c.doOnce(ctx, http.MethodGet, p+path, nil)
		if err != nil {
			continue
		}
		return b, nil
	}
	return nil, errors.New("no peer answered")
}

func (c *Conn) Execute(ctx context.Context, stmt []byte) ([]byte, error) { // want Execute:"write\\(POST\\)"
	return c.call(ctx, http.MethodPost, "/db/execute", stmt)
}

func (c *Conn) Query(ctx context.Context, stmt []byte) ([]byte, error) { // want Query:"write\\(POST\\)"
	return c.callChecked(ctx, http.MethodPost, "/db/query", stmt)
}
