// Package dropfix holds credentials logged as arguments of their own: the
// fix drops the argument, its verb and its label.
package dropfix

import (
	"log"
	"log/slog"
	"net/http"
)

func labels(r *http.Request, attempt int) {
	tok := r.Header.Get("Authorization")
	log.Printf("attempt %d: auth %s (retrying)", attempt, tok) // want `Authorization header value reaches log.Printf`

	log.Printf("auth=%q attempt=%d", r.Header.Get("X-Api-Key"), attempt) // want `X-Api-Key header value reaches log.Printf`

	log.Printf("attempt %d, cookie=\"%s\"", attempt, r.Header.Get("Cookie")) // want `Cookie header value reaches log.Printf`

	log.Printf("%s [%s] done", r.Method, r.Header.Get("X-Vault-Token")) // want `X-Vault-Token header value reaches log.Printf`

	log.Printf("100%% of %d, key %s", attempt, r.Header.Get("X-Goog-Api-Key")) // want `X-Goog-Api-Key header value reaches log.Printf`
}

// Two credentials of one call: one fix drops both.
func two(r *http.Request, attempt int) {
	log.Printf("attempt %d auth=%s proxy=%s", attempt, r.Header.Get("Authorization"), r.Header.Get("Proxy-Authorization")) // want `Authorization header value reaches log.Printf` `Proxy-Authorization header value reaches log.Printf`
}

// A key/value pair goes whole; a value that is the only content of the
// line is redacted in place.
func pairs(r *http.Request) {
	slog.Info("retrying", "token", r.Header.Get("Authorization"), "method", r.Method) // want `Authorization header value reaches slog.Info`

	log.Printf("%s", r.Header.Get("Authorization")) // want `Authorization header value reaches log.Printf`
}

// The variable that only the log used goes too.
func unusedAfter(r *http.Request, attempt int) {
	key := r.Header.Get("X-Nomad-Token")
	log.Printf("attempt %d with nomad token %s", attempt, key) // want `X-Nomad-Token header value reaches log.Printf`
}

// A verb after a sentence's end has no label: the separator after it goes,
// the sentence stays; a dotted key is a label.
func sentences(r *http.Request, attempt int) {
	log.Printf("failed to connect. %v, attempt %d", r.Header.Get("Authorization"), attempt) // want `Authorization header value reaches log.Printf`

	log.Printf("attempt %d req.auth=%s", attempt, r.Header.Get("Cookie")) // want `Cookie header value reaches log.Printf`
}
