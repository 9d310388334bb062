// Package maskweak: headers overwritten with what helpers return that
// mask nothing (a prefix, a value returned whole, a change of case).
package maskweak

import (
	"log"
	"net/http"

	"masklib"
	"maskplain"
)

// Must flag: a prefix of the secret is no mask.
func logShort(req *http.Request) {
	h := req.Header.Clone()
	h.Set("Authorization", masklib.Short(h.Get("Authorization")))
	log.Printf("headers: %v", h) // want `http.Header \(may hold`
}

// Must flag: a helper that returns short secrets whole.
func logWeak(req *http.Request) {
	h := req.Header.Clone()
	h.Set("Authorization", masklib.Weak(h.Get("Authorization")))
	log.Printf("headers: %v", h) // want `http.Header \(may hold`
}

// Must flag: a helper that changes the value but hides nothing.
func logUpper(req *http.Request) {
	h := req.Header.Clone()
	h.Set("Cookie", maskplain.Upper(h.Get("Cookie")))
	log.Printf("headers: %v", h) // want `http.Header \(may hold`
}
