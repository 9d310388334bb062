// Package authz holds HTTP helpers whose callers live in another package.
package authz

import (
	"log"
	"net/http"
	"strings"
)

// Token returns the bearer token of a request.
func Token(r *http.Request) string { // want Token:`authlog\(result0=header-value\)`
	return strings.TrimPrefix(r.Header.Get("Authorization"), "Bearer ")
}

// LogHeaders logs a header it is given.
func LogHeaders(msg string, h http.Header) { // want LogHeaders:`authlog\(sink=log.Println values=p0,p1\)`
	log.Println(msg, h)
}

// Redacted returns a copy of r that is safe to log.
func Redacted(r *http.Request) *http.Request { // want Redacted:`authlog\(\)`
	c := r.Clone(r.Context())
	c.Header = http.Header{}
	return c
}

// WithAuth returns r itself, credentials and all.
func WithAuth(r *http.Request, token string) *http.Request { // want WithAuth:`authlog\(result0=request\)`
	r.Header.Set("Authorization", "Bearer "+token)
	return r
}

// LogRequest logs a whole request: reported here, once, rather than at
// each caller.
func LogRequest(r *http.Request) {
	log.Printf("request %v", r) // want `request formatted whole .* reaches log.Printf`
}

// Fetch sends a request.
func Fetch(url string) (*http.Response, error) { return http.Get(url) }

// NewRequest builds a request with credentials.
func NewRequest(token string) *http.Request { // want NewRequest:`authlog\(result0=request\)`
	r, _ := http.NewRequest("GET", "https://example.com", nil)
	r.Header.Set("Authorization", "Bearer "+token)
	return r
}

var sensitive = []string{"Authorization", "Proxy-Authorization", "Cookie", "X-Api-Key"}

// RedactHeaders returns h, or a copy of it with every credential value
// masked when it holds one.
func RedactHeaders(h http.Header) http.Header { // want RedactHeaders:`authlog\(result0=redacted\)`
	var redacted http.Header
	for _, name := range sensitive {
		values := h.Values(name)
		if len(values) == 0 {
			continue
		}
		if redacted == nil {
			redacted = h.Clone()
		}
		redacted.Del(name)
		for range values {
			redacted.Add(name, "***")
		}
	}
	if redacted == nil {
		return h
	}
	return redacted
}

// Copy returns a copy of h: no redaction.
func Copy(h http.Header) http.Header { // want Copy:`authlog\(result0<-p0\)`
	c := make(http.Header, len(h))
	for k, v := range h {
		c[k] = v
	}
	return c
}
