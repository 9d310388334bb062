// Package partialsent: a client that sends two credentials and redacts
// only one of them before it logs. The removal of one configured header
// is a redaction only when it covers every one the package sends.
package partialsent

import (
	"log"
	"net/http"
	"net/http/httputil"
)

type Client struct {
	token, apiKey, session string
	hc                     *http.Client
}

func (c *Client) do(req *http.Request) (*http.Response, error) {
	req.Header.Set("Authorization", "Bearer "+c.token)
	req.Header["X-Api-Key"] = []string{c.apiKey}
	req.AddCookie(&http.Cookie{Name: "session", Value: c.session})
	c.logRequest(req)
	c.logHeaders(req)
	c.logAll(req)
	return c.hc.Do(req)
}

// Must flag: Authorization masked, X-Api-Key and Cookie left.
func (c *Client) logRequest(req *http.Request) {
	r := req.Clone(req.Context())
	r.Header.Set("Authorization", "[redacted]")
	b, err := httputil.DumpRequestOut(r, false)
	if err == nil {
		log.Printf("%s", b) // want `request dump of a request redacted in part \(Authorization removed; may still hold Cookie and X-Api-Key\)`
	}
}

// Must flag: a filter that skips Authorization only.
func (c *Client) logHeaders(req *http.Request) {
	h := req.Header.Clone()
	for k := range h {
		if k == "Authorization" || k == "X-Api-Key" {
			h.Del(k)
		}
	}
	log.Println(h) // want `http.Header redacted in part \(Authorization, X-Api-Key removed; may still hold Cookie\)`
}

// Must stay silent: every credential the package sends is removed.
func (c *Client) logAll(req *http.Request) {
	h := req.Header.Clone()
	for _, k := range []string{"Authorization", "X-Api-Key", "Cookie"} {
		h.Del(k)
	}
	log.Println(h)
}
