// Package ptrstring declares the String method that masks its options'
// token on the pointer: fmt calls it for a *Options, and prints an
// Options value field by field.
package ptrstring

import (
	"fmt"
	"log"
	"net/http"
)

type Options struct {
	BaseURL string
	Token   string
	Verbose bool
}

// String masks the token.
func (o *Options) String() string { // want String:`authlog\(prints=f0,f2\)`
	return fmt.Sprintf("{BaseURL:%s Token:[REDACTED] Verbose:%t}", o.BaseURL, o.Verbose)
}

type Client struct {
	opts Options
	hc   *http.Client
}

func newClient(opts Options) *Client {
	if opts.Verbose {
		log.Printf("new client %+v", opts) // want `Options printed as a value, which fmt prints field by field \(its String method is declared on \*Options\): Token, a secret, reaches log.Printf`
	}
	return &Client{opts: opts, hc: http.DefaultClient}
}

func (c *Client) get(path string) error {
	req, err := http.NewRequest(http.MethodGet, c.opts.BaseURL+path, nil)
	if err != nil {
		return err
	}
	req.Header.Set("Authorization", "token "+c.opts.Token)
	resp, err := c.hc.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// Must flag: a field of the client, printed as a value.
func (c *Client) describe() {
	log.Printf("client options: %v", c.opts) // want `Options printed as a value, which fmt prints field by field \(its String method is declared on \*Options\): Token, a secret, reaches log.Printf`
}

// Must stay silent: a pointer, which fmt prints with String.
func (c *Client) describePtr(o *Options) {
	log.Printf("client options: %v, %v", &c.opts, o)
}

type Plain struct {
	Name  string
	Token string
}

// String masks the token; it is declared on the value, which fmt calls
// for both.
func (p Plain) String() string { return p.Name + " [REDACTED]" } // want String:`authlog\(prints=f0\)`

// Must stay silent: the value's own String prints it.
func showPlain(p Plain) {
	log.Printf("plain %v", p)
	req, _ := http.NewRequest(http.MethodGet, "https://example.com", nil)
	req.Header.Set("Authorization", "Bearer "+p.Token)
	if resp, err := http.DefaultClient.Do(req); err == nil {
		resp.Body.Close()
	}
}

// Not reported: %#v prints the fields as Go syntax whatever String
// does, so printing the address would change nothing (no fix).
func (c *Client) dumpOpts() {
	log.Printf("options %#v", c.opts)
}
