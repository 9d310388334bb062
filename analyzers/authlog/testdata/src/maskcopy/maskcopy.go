// Package maskcopy dumps a shallow copy of a request whose header is a
// masked clone (copy := *req; copy.Header = masked; &copy), as a
// client's trace helper does.
package maskcopy

import (
	"fmt"
	"net/http"
	"net/http/httputil"
	"os"
)

// obfuscated returns a copy of req whose credential headers are masked.
func obfuscated(req *http.Request) *http.Request {
	names := []string{"Authorization", "X-Api-Key"}
	h := req.Header.Clone()
	for _, name := range names {
		if h.Get(name) == "" {
			continue
		}
		h.Set(name, "<obfuscated>")
	}
	c := *req
	c.Header = h
	return &c
}

// authOnly masks Authorization and leaves X-Api-Key, which the package
// sends.
func authOnly(req *http.Request) *http.Request {
	h := req.Header.Clone()
	h.Set("Authorization", "<obfuscated>")
	c := *req
	c.Header = h
	return &c
}

// Must stay silent: every header the package sends is masked.
func trace(req *http.Request) {
	data, _ := httputil.DumpRequest(obfuscated(req), false)
	fmt.Fprintf(os.Stderr, "request: %s", data)
}

// Must flag: X-Api-Key is left.
func traceAuthOnly(req *http.Request) {
	data, _ := httputil.DumpRequest(authOnly(req), false)
	fmt.Fprintf(os.Stderr, "request: %s", data) // want `request dump of a request redacted in part \(Authorization removed; may still hold X-Api-Key\) reaches fmt.Fprintf`
}

// Must flag: the request itself.
func traceRaw(req *http.Request) {
	data, _ := httputil.DumpRequest(req, false)
	fmt.Fprintf(os.Stderr, "request: %s", data) // want `request dump \(includes every header\) reaches fmt.Fprintf`
}

func get(c *http.Client, url, key string) error {
	req, err := http.NewRequest(http.MethodGet, url, nil)
	if err != nil {
		return err
	}
	req.Header.Set("Authorization", "Bearer "+key)
	req.Header.Set("X-Api-Key", key)
	trace(req)
	resp, err := c.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

func sign(req *http.Request, key string) { req.Header.Set("Authorization", "Bearer "+key) }

// Must flag: the header given to the request is one made empty, and a
// signer then adds the token.
func traceSigned(url, key string, h http.Header) {
	req, err := http.NewRequest(http.MethodGet, url, nil)
	if err != nil {
		return
	}
	if h == nil {
		h = http.Header{}
	}
	req.Header = h
	sign(req, key)
	data, _ := httputil.DumpRequest(req, false)
	fmt.Fprintf(os.Stderr, "request: %s", data) // want `request dump \(includes every header\) reaches fmt.Fprintf`
}
