// Package maskone: code that masks the one credential its requests carry.
// Without -authlog.partial-redaction, removing or masking any configured
// header is a redaction (the shapes of go-containerregistry's and
// regclient's request logs, and of a helper that masks a list of names
// with Del and Add, as anthropic-sdk-go's does).
package maskone

import (
	"log"
	"net/http"
	"net/http/httputil"
)

// Must stay silent: Authorization overwritten on a clone.
func logRequest(req *http.Request) {
	r := req.Clone(req.Context())
	r.Header.Set("Authorization", "<redacted>")
	b, err := httputil.DumpRequestOut(r, true)
	if err == nil {
		log.Println(string(b))
	}
}

var sensitive = []string{"Authorization", "X-Api-Key"}

func redactHeaders(h http.Header) http.Header {
	out := h.Clone()
	for _, name := range sensitive {
		values := out.Values(name)
		out.Del(name)
		for range values {
			out.Add(name, "***")
		}
	}
	return out
}

// Must stay silent: a helper that masks a list of names.
func logHeaders(r *http.Request) {
	log.Printf("headers: %v", redactHeaders(r.Header))
}

// Must flag: nothing removed.
func logAll(r *http.Request) {
	log.Printf("headers: %v", r.Header) // want `http.Header \(may hold`
}
