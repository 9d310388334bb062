// Package hdr sets the headers of requests for the package keyset.
package hdr

import (
	"crypto/rand"
	"net/http"
)

// SetKey sets the key it is handed.
func SetKey(req *http.Request, key string) { // want SetKey:"setskey\\(param 0 from param 1\\)"
	req.Header.Set("Idempotency-Key", key)
}

// Options are a call's options.
type Options struct {
	IdempotencyKey string
}

// Apply sets the headers of the options on h.
func Apply(h http.Header, o Options) { // want Apply:"setskey\\(param 0\\)"
	if o.IdempotencyKey != "" {
		h["Idempotency-Key"] = []string{o.IdempotencyKey}
	}
}

// AddKey makes a key of its own on every call.
func AddKey(h http.Header) { // want AddKey:"setskey\\(param 0 fresh\\)"
	h.Set("Idempotency-Key", rand.Text())
}
