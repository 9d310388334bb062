// Package helperreuse declares the redacting helper already, as an
// earlier run of the fix left it: the fixes call it from every file and
// declare nothing.
package helperreuse

import (
	"log"
	"net/http"
)

func logHeaders(r *http.Request) {
	log.Printf("headers: %v", redactedHeader(r.Header))
	log.Printf("trailer: %v", r.Trailer) // want `http.Header \(may hold Authorization, Proxy-Authorization, ...\) reaches log.Printf`
}

// redactedHeader returns a clone of h without the credential headers.
func redactedHeader(h http.Header) http.Header {
	c := h.Clone()
	for _, name := range []string{"Authorization", "Proxy-Authorization", "Cookie", "Set-Cookie", "X-Api-Key", "X-Auth-Token", "X-Amz-Security-Token", "X-Goog-Api-Key", "X-Vault-Token", "X-Consul-Token", "X-Nomad-Token", "Private-Token"} {
		c.Del(name)
	}
	return c
}
