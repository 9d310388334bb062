// Package secretstring logs clients whose String methods format their
// configuration.
package secretstring

import (
	"fmt"
	"log"
	"net/http"
)

type Config struct {
	Addresses []string
	Username  string
	Password  string // want `Config.Password holds a secret, and a log prints Config whole: Password reaches log.Printf`
}

// Client prints its whole configuration.
type Client struct {
	cfg  Config
	http *http.Client
}

func (c *Client) String() string { // want String:"authlog\\(prints=f0\\)"
	return fmt.Sprintf("search.Client%+v", c.cfg)
}

func newClient(cfg Config) *Client {
	c := &Client{cfg: cfg}
	log.Printf("ready: %s", c)
	return c
}

type Options struct {
	Endpoint string
	Token    string
}

// Pool prints the endpoint of its options only: silent.
type Pool struct{ opts Options }

func (p *Pool) String() string { // want String:"authlog\\(prints=f0\\)"
	return fmt.Sprintf("Pool(%s)", p.opts.Endpoint)
}

func newPool(o Options) *Pool {
	p := &Pool{opts: o}
	log.Printf("ready: %s", p)
	return p
}
