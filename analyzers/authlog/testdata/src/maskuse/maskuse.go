// Package maskuse: a credential header overwritten with what a masking
// helper returns is redacted as if a marker overwrote it.
package maskuse

import (
	"log"
	"net/http"
	"net/http/httputil"

	"masklib"
	"maskplain"
)

func hideToken(t string) string {
	if len(t) > 6 {
		return t[:6] + "..." + "[redacted]"
	}
	return "[redacted]"
}

// Must stay silent: masked by a helper of another package.
func dumpMasked(req *http.Request) {
	r := req.Clone(req.Context())
	r.Header.Set("X-Auth-Token", masklib.HideKey(r.Header.Get("X-Auth-Token")))
	b, err := httputil.DumpRequestOut(r, true)
	if err == nil {
		log.Printf("%s", b)
	}
}

// Must stay silent: masked by strings.Repeat and by a format.
func logMasked(req *http.Request) {
	h := req.Header.Clone()
	h.Set("Authorization", masklib.Stars(h.Get("Authorization")))
	h["X-Api-Key"] = []string{masklib.Tail(h.Get("X-Api-Key"))}
	log.Printf("headers: %v", h)
}

// Must stay silent: masked by a helper of this package.
func logLocal(req *http.Request) {
	h := req.Header.Clone()
	h.Set("Authorization", hideToken(h.Get("Authorization")))
	log.Printf("headers: %v", h)
}

// Must stay silent: masked by a helper of a package without net/http.
func logPlain(req *http.Request) {
	h := req.Header.Clone()
	h.Set("Cookie", maskplain.Mask(h.Get("Cookie")))
	log.Printf("headers: %v", h)
}
