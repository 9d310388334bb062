// Package partialone: a client that sends one credential and masks it
// before it logs; what it does not send, it need not remove.
package partialone

import (
	"log"
	"net/http"
	"net/http/httputil"
)

type Client struct {
	user, password string
	hc             *http.Client
}

func (c *Client) do(req *http.Request) (*http.Response, error) {
	req.SetBasicAuth(c.user, c.password)
	req.Header.Set("Accept", "application/json")
	c.trace(req)
	return c.hc.Do(req)
}

// Must stay silent: Authorization is the one credential sent.
func (c *Client) trace(req *http.Request) {
	r := req.Clone(req.Context())
	r.Header.Set("Authorization", "***")
	b, err := httputil.DumpRequestOut(r, false)
	if err == nil {
		log.Printf("%s", b)
	}
}

// Must flag: nothing is removed at all.
func (c *Client) traceAll(req *http.Request) {
	b, err := httputil.DumpRequestOut(req, false)
	if err == nil {
		log.Printf("%s", b) // want `request dump \(includes every header\)`
	}
}

// Must stay silent: what a server sets on its response is not sent with
// the requests it logs.
func serve(w http.ResponseWriter, req *http.Request) {
	w.Header().Set("X-Auth-Token", newToken())
	w.Header().Set("Set-Cookie", "session="+newToken())
	r := req.Clone(req.Context())
	r.Header.Del("Authorization")
	b, err := httputil.DumpRequest(r, false)
	if err == nil {
		log.Printf("%s", b)
	}
}

func newToken() string { return "t" }
