// Package headermap keeps the headers of its requests in a map of its own
// before it builds them: a credential header's entry is a credential.
package headermap

import (
	"log"
	"net/http"
)

// Logger is the client's logger.
type Logger interface {
	Debugf(format string, args ...any)
}

// Request is the client's own request, built into an *http.Request later.
type Request struct {
	Method  string
	Path    string
	Headers map[string]string
}

type Client struct {
	token  string
	logger Logger
	hc     *http.Client
}

func (c *Client) headers() map[string]string {
	return map[string]string{
		"Authorization": "Bearer " + c.token,
		"Content-Type":  "application/json",
	}
}

// ---- must flag ----

func (c *Client) logHeaders(path string) {
	h := c.headers()
	c.logger.Debugf("request %s headers=%v", path, h) // want `Authorization and X-Api-Key header values reach Logger.Debugf`
}

func (c *Client) logRequest(path string) {
	r := &Request{Method: "GET", Path: path, Headers: map[string]string{"X-Api-Key": c.token}}
	log.Printf("sending %s: %+v", path, r) // want `Authorization and X-Api-Key header values reach log.Printf`
}

// ---- must stay silent ----

func (c *Client) logPlain(path string) {
	h := map[string]string{"Content-Type": "application/json", "Accept": "application/json"}
	c.logger.Debugf("request %s headers=%v", path, h)
}

func (c *Client) logMasked(path string) {
	h := map[string]string{"Authorization": "[REDACTED]"}
	c.logger.Debugf("request %s headers=%v", path, h)
}

func (c *Client) logRequestPlain(path string) {
	r := &Request{Method: "GET", Path: path, Headers: map[string]string{"Accept": "application/json"}}
	log.Printf("sending %+v", r)
}

func (c *Client) logMethod(path string) {
	r := &Request{Method: "GET", Path: path, Headers: c.headers()}
	log.Printf("sending %s %s", r.Method, r.Path)
}
