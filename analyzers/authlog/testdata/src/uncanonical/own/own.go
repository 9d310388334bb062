// Package own stores a credential under a spelling of its own and masks
// that spelling before it logs.
package own

import (
	"log"
	"net/http"
)

// ownSpelling stores the token under its own spelling, and masks that
// spelling, with every other credential header, in the copy it logs: the
// mask hides what was stored, silent.
func ownSpelling(req *http.Request, tok string) {
	req.Header["authorization"] = []string{"Bearer " + tok}
	logged := req.Header.Clone()
	logged["authorization"] = []string{"REDACTED"}
	for _, k := range []string{"Proxy-Authorization", "Cookie", "Set-Cookie", "X-Api-Key", "X-Auth-Token", "X-Amz-Security-Token", "X-Goog-Api-Key", "X-Vault-Token", "X-Consul-Token", "X-Nomad-Token", "Private-Token"} {
		logged.Del(k)
	}
	log.Printf("headers: %v", logged)
}
