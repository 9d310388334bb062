// Package failover: a write sent to each peer of a cluster in turn, the
// next only after the last failed.
package failover

import (
	"bytes"
	"context"
	"crypto/rand"
	"errors"
	"net/http"
)

type Cluster struct {
	hc    *http.Client
	peers []string
}

// Must flag: a peer that timed out may have applied the write; the next
// peer applies it again.
func (c *Cluster) Execute(ctx context.Context, stmt []byte) (*http.Response, error) {
	for _, p := range c.peers {
		req, err := http.NewRequestWithContext(ctx, "POST", p+"/db/execute", bytes.NewReader(stmt))
		if err != nil {
			return nil, err
		}
		resp, err := c.hc.Do(req) // want `POST is retried after a transport error without an idempotency key`
		if err != nil {
			continue
		}
		if resp.StatusCode != http.StatusOK {
			resp.Body.Close()
			continue
		}
		return resp, nil
	}
	return nil, errors.New("no peer took the write")
}

// Must stay silent: one key for every peer.
func (c *Cluster) ExecuteKeyed(ctx context.Context, stmt []byte) (*http.Response, error) {
	key := rand.Text()
	for _, p := range c.peers {
		req, err := http.NewRequestWithContext(ctx, "POST", p+"/db/execute", bytes.NewReader(stmt))
		if err != nil {
			return nil, err
		}
		req.Header.Set("Idempotency-Key", key)
		resp, err := c.hc.Do(req)
		if err != nil {
			continue
		}
		if resp.StatusCode != http.StatusOK {
			resp.Body.Close()
			continue
		}
		return resp, nil
	}
	return nil, errors.New("no peer took the write")
}

// Must stay silent: a read may go to any peer.
func (c *Cluster) Query(ctx context.Context, q string) (*http.Response, error) {
	for _, p := range c.peers {
		req, err := http.NewRequestWithContext(ctx, "GET", p+"/db/query?q="+q, nil)
		if err != nil {
			return nil, err
		}
		resp, err := c.hc.Do(req)
		if err != nil {
			continue
		}
		return resp, nil
	}
	return nil, errors.New("no peer answered")
}

// Must stay silent: one write per peer (a broadcast), whatever each
// answered.
func (c *Cluster) Broadcast(ctx context.Context, stmt []byte) {
	for _, p := range c.peers {
		req, err := http.NewRequestWithContext(ctx, "POST", p+"/notify", bytes.NewReader(stmt))
		if err != nil {
			continue
		}
		resp, err := c.hc.Do(req)
		if err != nil {
			continue
		}
		resp.Body.Close()
	}
}

// Must flag: the failover spelled with the index of the peer list.
func (c *Cluster) ExecuteIndexed(ctx context.Context, stmt []byte) (*http.Response, error) {
	for i := 0; i < len(c.peers); i++ {
		req, err := http.NewRequestWithContext(ctx, "POST", c.peers[i]+"/db/execute", bytes.NewReader(stmt))
		if err != nil {
			return nil, err
		}
		resp, err := c.hc.Do(req) // want `POST is retried after a transport error without an idempotency key`
		if err != nil {
			continue
		}
		return resp, nil
	}
	return nil, errors.New("no peer took the write")
}

// Must stay silent: one write per peer by index, whatever each answered.
func (c *Cluster) BroadcastIndexed(ctx context.Context, stmt []byte) {
	for i := 0; i < len(c.peers); i++ {
		req, err := http.NewRequestWithContext(ctx, "POST", c.peers[i]+"/notify", bytes.NewReader(stmt))
		if err != nil {
			continue
		}
		resp, err := c.hc.Do(req)
		if err != nil {
			continue
		}
		resp.Body.Close()
	}
}
