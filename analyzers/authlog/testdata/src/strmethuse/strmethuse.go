// Package strmethuse builds strmethlib's requests with credentials in
// their fields and logs them: their String methods, known by their facts,
// print some fields.
package strmethuse

import (
	"log"
	"net/http"

	"strmethlib"
)

type Client struct {
	token string
	hc    *http.Client
}

func (c *Client) send(req *http.Request) {
	req.Header.Set("Authorization", "Bearer "+c.token)
	strmethlib.Do(c.hc, req)
}

// ---- must flag ----

func (c *Client) logRequest(path string) {
	r := &strmethlib.Request{Method: "GET", Path: path, Headers: map[string]string{"Authorization": "Bearer " + c.token}}
	log.Printf("sending %s to %s", r, path) // want `Authorization header value reaches log.Printf`
}

func (c *Client) logOp(req *http.Request) {
	log.Println("op", strmethlib.Op{Name: "get", Header: req.Header}) // want `http.Header \(may hold .*\) reaches log.Println`
}

func (c *Client) fail(path string, status int) error {
	return &strmethlib.DumpError{Status: status, Headers: map[string]string{"Authorization": "Bearer " + c.token}}
}

func (c *Client) logDumpError(path string) {
	log.Printf("failed: %v", c.fail(path, 500)) // want `Authorization header value reaches log.Printf`
}

func (c *Client) logMade(path string) {
	r := strmethlib.NewRequest("GET", path, c.token)
	log.Printf("sending %v", r) // want `Authorization header value reaches log.Printf`
}

// ---- must stay silent ----

func (c *Client) logMadeSummary(path string) error {
	s, err := strmethlib.NewSummary("GET", path, c.token)
	if err != nil {
		return err
	}
	log.Printf("sending %v", s)
	return nil
}

func (c *Client) failQuietly(path string, status int) error {
	return &strmethlib.APIError{Status: status, Path: path, Headers: map[string]string{"Authorization": "Bearer " + c.token}}
}

func (c *Client) logAPIError(path string) {
	log.Printf("failed: %v", c.failQuietly(path, 500))
}

func (c *Client) logSummary(path string) {
	s := &strmethlib.Summary{Method: "GET", Path: path, Headers: map[string]string{"Authorization": "Bearer " + c.token}}
	log.Printf("sending %s", s)
}

func (c *Client) logRedacted(path string) {
	r := &strmethlib.Redacted{Path: path, Headers: map[string]string{"Authorization": "Bearer " + c.token}}
	log.Printf("sending %s", r)
}

func (c *Client) logPlain(path string) {
	r := &strmethlib.Request{Method: "GET", Path: path, Headers: map[string]string{"Accept": "application/json"}}
	log.Printf("sending %s", r)
}

func (c *Client) logOpPlain(req *http.Request) {
	log.Println("op", strmethlib.Op{Name: "get", Header: http.Header{"Accept": {"application/json"}}})
}
