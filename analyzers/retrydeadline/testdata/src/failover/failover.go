// Package failover: a query tried on each peer in turn, the next only
// after the last failed, each try with a timeout of its own.
package failover

import (
	"context"
	"errors"
	"io"
	"net/http"
	"time"
)

type Cluster struct {
	hc    *http.Client
	peers []string
}

func (c *Cluster) queryPeer(ctx context.Context, peer, q string) ([]byte, error) {
	ctx, cancel := context.WithTimeout(ctx, 5*time.Second)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, "GET", peer+"/db/query?q="+q, nil)
	if err != nil {
		return nil, err
	}
	resp, err := c.hc.Do(req)
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	return io.ReadAll(resp.Body)
}

// Must flag: five seconds a peer, and no bound over all of them.
func (c *Cluster) Query(ctx context.Context, q string) ([]byte, error) { // want Query:`owntimeout\(5s\) from param 0`
	for _, p := range c.peers {
		b, err := c.queryPeer(ctx, p, q) // want `per-attempt timeout`
		if err != nil {
			continue
		}
		return b, nil
	}
	return nil, errors.New("no peer answered")
}

// Must stay silent: one deadline over every peer.
func (c *Cluster) QueryBounded(ctx context.Context, q string) ([]byte, error) { // want QueryBounded:`owntimeout\(12s\) from param 0`
	ctx, cancel := context.WithTimeout(ctx, 12*time.Second)
	defer cancel()
	for _, p := range c.peers {
		b, err := c.queryPeer(ctx, p, q)
		if err != nil {
			continue
		}
		return b, nil
	}
	return nil, errors.New("no peer answered")
}

// Must stay silent: one query per peer, whatever each answered.
func (c *Cluster) QueryAll(ctx context.Context, q string) [][]byte { // want QueryAll:`owntimeout\(5s\) from param 0`
	var out [][]byte
	for _, p := range c.peers {
		b, err := c.queryPeer(ctx, p, q)
		if err != nil {
			continue
		}
		out = append(out, b)
	}
	return out
}
