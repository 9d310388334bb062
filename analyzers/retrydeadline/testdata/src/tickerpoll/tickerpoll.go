// Package tickerpoll polls an agent on a ticker until it is stopped,
// through a function that returns nothing: the loop learns nothing of an
// outcome, so it repeats the poll, it does not retry it.
package tickerpoll

import (
	"io"
	"net/http"
	"os"
	"time"
)

type client struct {
	hc       *http.Client
	endpoint string
	stop     chan struct{}
	pollNow  chan struct{}
	state    []byte
	synced   bool
}

func newClient(endpoint string) *client {
	return &client{hc: &http.Client{Timeout: 10 * time.Second}, endpoint: endpoint, stop: make(chan struct{}), pollNow: make(chan struct{})}
}

// update fetches the state once; a failure is left for the next tick.
func (c *client) update() {
	resp, err := c.hc.Get(c.endpoint)
	if err != nil {
		return
	}
	defer resp.Body.Close()
	c.state, _ = io.ReadAll(resp.Body)
	c.synced = true
}

// ---- must stay silent ----

// run polls on every tick, or when asked, until Stop.
func (c *client) run() {
	ticker := time.NewTicker(5 * time.Second)
	defer ticker.Stop()
	for {
		select {
		case <-c.stop:
			return
		case <-c.pollNow:
		case <-ticker.C:
		}
		c.update()
	}
}

// ---- must flag ----

// waitSynced calls update until it has synced: a retry of the GET, each
// attempt bounded by the client's Timeout alone.
func (c *client) waitSynced() {
	for {
		select {
		case <-c.stop:
			return
		case <-time.After(time.Second):
		}
		c.update() // want `per-attempt timeout \(http.Client.Timeout of the send in update\) inside retry loop but no overall deadline`
		if c.synced {
			return
		}
	}
}

// runOrExit polls on every tick until Stop, but exits the program once
// the state is large: a way out of the loop after a success, so it is a
// retry of the GET until then.
func (c *client) runOrExit() {
	ticker := time.NewTicker(5 * time.Second)
	defer ticker.Stop()
	for {
		select {
		case <-c.stop:
			return
		case <-ticker.C:
		}
		c.update() // want `per-attempt timeout \(http.Client.Timeout of the send in update\) inside retry loop but no overall deadline`
		if len(c.state) > 1<<20 {
			os.Exit(0)
		}
	}
}

var _ = newClient
