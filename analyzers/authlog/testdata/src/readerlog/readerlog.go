// Package readerlog: a client that, in debug mode, prints the body it
// sends, read back from the reader its callers hand it.
package readerlog

import (
	"bytes"
	"encoding/json"
	"io"
	"log"
	"net/http"
)

type client struct {
	url   string
	debug bool
	hc    *http.Client
}

type createUserOption struct {
	Username string `json:"username"`
	Password string `json:"password"`
}

func (c *client) doRequest(method, path string, body io.Reader) (*http.Response, error) {
	if c.debug {
		var bodyStr string
		if body != nil {
			bs, _ := io.ReadAll(body)
			body = bytes.NewReader(bs)
			bodyStr = string(bs)
		}
		log.Printf("%s %s\nBody: %s", method, path, bodyStr) // want `secret \(a password, key or token\) reaches log.Printf in a helper that also sends it, from readerlog.go:57`
	}
	req, err := http.NewRequest(method, c.url+path, body)
	if err != nil {
		return nil, err
	}
	return c.hc.Do(req)
}

// Silent: the same helper, printing the body's length only.
func (c *client) doRequestQuiet(method, path string, body io.Reader) (*http.Response, error) {
	if c.debug && body != nil {
		bs, _ := io.ReadAll(io.NopCloser(body))
		body = bytes.NewReader(bs)
		log.Printf("%s %s: body of %d bytes", method, path, len(bs))
	}
	req, err := http.NewRequest(method, c.url+path, body)
	if err != nil {
		return nil, err
	}
	return c.hc.Do(req)
}

func (c *client) createUser(opt createUserOption) error {
	b, _ := json.Marshal(&opt)
	resp, err := c.doRequest(http.MethodPost, "/admin/users", bytes.NewReader(b))
	if err != nil {
		return err
	}
	resp.Body.Close()
	resp, err = c.doRequestQuiet(http.MethodPost, "/admin/users", bytes.NewReader(b))
	if err != nil {
		return err
	}
	return resp.Body.Close()
}
