// Package transport builds the requests of a plugin protocol: every call
// is a POST, or (for the read-only protocol) a GET.
package transport

import (
	"io"
	"net/http"
)

// HTTP makes the POSTs of the plugin protocol.
type HTTP struct{ Addr string }

// NewRequest makes a POST of data to path.
func (t HTTP) NewRequest(path string, data io.Reader) (*http.Request, error) { // want NewRequest:`method\(POST\)`
	req, err := http.NewRequest(http.MethodPost, "http://"+t.Addr+path, data)
	if err != nil {
		return nil, err
	}
	req.Header.Set("Content-Type", "application/json")
	return req, nil
}

// ReadOnly makes GETs.
type ReadOnly struct{ Addr string }

// Fetch makes a GET of path.
func (t ReadOnly) Fetch(path string) (*http.Request, error) { // want Fetch:`method\(GET\)`
	return http.NewRequest(http.MethodGet, "http://"+t.Addr+path, nil)
}

// Mirror makes a POST of path, under the same method name as ReadOnly's.
type Mirror struct{ Addr string }

// Fetch makes a POST of path.
func (t Mirror) Fetch(path string) (*http.Request, error) { // want Fetch:`method\(POST\)`
	return http.NewRequest(http.MethodPost, "http://"+t.Addr+path, nil)
}
