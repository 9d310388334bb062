// Package helpertaken declares a redactedHeader that removes Authorization
// only: no helper of the fix, so the fixes build their clones in place.
package helpertaken

import (
	"log"
	"net/http"
)

func redactedHeader(h http.Header) http.Header {
	c := h.Clone()
	c.Del("Authorization")
	return c
}

func logHeaders(r *http.Request) {
	log.Println(redactedHeader(r.Header)) // want `http.Header redacted in part \(Authorization removed; may still hold Proxy-Authorization, .*\) reaches log.Println`
}
