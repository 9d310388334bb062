// Package voidfill holds helpers that return nothing and write a header
// into the map of log fields their caller hands them, as terraform's
// logging transport does with the headers of a request dump.
package voidfill

import (
	"log"
	"net/http"
)

// addHeaders copies every header into fields, a single value as a
// string.
func addHeaders(h http.Header, fields map[string]any) {
	for k, v := range h {
		if len(v) == 1 {
			fields[k] = v[0]
		} else {
			fields[k] = v
		}
	}
}

// addNames records how many values each header has.
func addNames(h http.Header, fields map[string]any) {
	for k, v := range h {
		fields[k] = len(v)
	}
}

// scrubbed returns a clone of h without the credential headers.
func scrubbed(h http.Header) http.Header {
	c := h.Clone()
	for _, name := range []string{"Authorization", "Proxy-Authorization", "Cookie", "Set-Cookie", "X-Api-Key", "X-Auth-Token", "X-Amz-Security-Token", "X-Goog-Api-Key", "X-Vault-Token", "X-Consul-Token", "X-Nomad-Token", "Private-Token"} {
		c.Del(name)
	}
	return c
}

// ---- must flag ----

func logRequest(req *http.Request) {
	fields := map[string]any{"method": req.Method}
	addHeaders(req.Header, fields)
	log.Printf("request %v", fields) // want `http.Header \(may hold Authorization`
}

func logCopy(req *http.Request) {
	fields := map[string]any{}
	for k, v := range req.Header {
		if len(v) == 1 {
			fields[k] = v[0]
		} else {
			fields[k] = v
		}
	}
	log.Printf("request %v", fields) // want `http.Header \(may hold Authorization`
}

// forward copies the caller's headers into the request it forwards and
// into the log's fields: the fix leaves what is forwarded alone.
func copyHeaders(h, out http.Header, fields map[string]any) {
	for k, v := range h {
		out[k] = v
		fields[k] = v
	}
}

func forward(c *http.Client, in *http.Request, url string) (*http.Response, error) {
	out, err := http.NewRequestWithContext(in.Context(), in.Method, url, in.Body)
	if err != nil {
		return nil, err
	}
	fields := map[string]any{}
	copyHeaders(in.Header, out.Header, fields)
	log.Printf("forwarding %v", fields) // want `http.Header \(may hold Authorization`
	return c.Do(out)
}

// ---- must stay silent ----

func logNames(req *http.Request) {
	fields := map[string]any{}
	addNames(req.Header, fields)
	log.Printf("request %v", fields)
}

func logScrubbed(req *http.Request) {
	fields := map[string]any{}
	addHeaders(scrubbed(req.Header), fields)
	log.Printf("request %v", fields)
}
