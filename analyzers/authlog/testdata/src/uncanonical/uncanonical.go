// Package uncanonical masks credential headers under spellings that
// net/http never stores: the mask adds an entry and hides nothing.
package uncanonical

import (
	"log"
	"net/http"
)

// maskLower overwrites "authorization", a new entry: the Authorization
// that net/http set is still there.
func maskLower(req *http.Request) {
	h := req.Header.Clone()
	h["authorization"] = []string{"REDACTED"}
	log.Printf("headers: %v", h) // want `http.Header \(may hold Authorization, Proxy-Authorization, ...\) reaches log.Printf`
}

// deleteLower deletes an entry that is not there.
func deleteLower(req *http.Request) {
	h := req.Header.Clone()
	delete(h, "authorization")
	log.Printf("headers: %v", h) // want `http.Header \(may hold Authorization, Proxy-Authorization, ...\) reaches log.Printf`
}

// maskCanonical overwrites the entry net/http stores: silent.
func maskCanonical(req *http.Request) {
	h := req.Header.Clone()
	for _, k := range []string{"Authorization", "Proxy-Authorization", "Cookie", "Set-Cookie", "X-Api-Key", "X-Auth-Token", "X-Amz-Security-Token", "X-Goog-Api-Key", "X-Vault-Token", "X-Consul-Token", "X-Nomad-Token", "Private-Token"} {
		h[k] = []string{"REDACTED"}
	}
	log.Printf("headers: %v", h)
}

// setLower masks with Set, which canonicalises: silent.
func setLower(req *http.Request) {
	h := req.Header.Clone()
	for _, k := range []string{"authorization", "proxy-authorization", "cookie", "set-cookie", "x-api-key", "x-auth-token", "x-amz-security-token", "x-goog-api-key", "x-vault-token", "x-consul-token", "x-nomad-token", "private-token"} {
		h.Set(k, "REDACTED")
	}
	log.Printf("headers: %v", h)
}
