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
func WithAuth(r *http.Request, token string) *http.Request { // want WithAuth:`authlog\(result0=request p1=sent\(header-value\)\)`
	r.Header.Set("Authorization", "Bearer "+token)
	return r
}

// LogRequest logs a whole request: reported here, once, rather than at
// each caller.
func LogRequest(r *http.Request) {
	log.Printf("request %v", r) // want `request formatted whole .* reaches log.Printf`
}

// Fetch sends a request.
func Fetch(url string) (*http.Response, error) { return http.Get(url) } // want Fetch:`authlog\(result1<-p0\)`

// NewRequest builds a request with credentials.
func NewRequest(token string) *http.Request { // want NewRequest:`authlog\(result0=request p0=sent\(header-value\)\)`
	r, _ := http.NewRequest("GET", "https://example.com", nil)
	r.Header.Set("Authorization", "Bearer "+token)
	return r
}

// sensitive is every configured header: a constant map.
var sensitive = map[string]bool{
	"Authorization":        true,
	"Proxy-Authorization":  true,
	"Cookie":               true,
	"Set-Cookie":           true,
	"X-Api-Key":            true,
	"X-Auth-Token":         true,
	"X-Amz-Security-Token": true,
	"X-Goog-Api-Key":       true,
	"X-Vault-Token":        true,
	"X-Consul-Token":       true,
	"X-Nomad-Token":        true,
	"Private-Token":        true,
}

// RedactHeaders returns a copy of h with every credential value masked.
func RedactHeaders(h http.Header) http.Header { // want RedactHeaders:`authlog\(result0=redacts\(\*\)\)`
	redacted := h.Clone()
	for name := range redacted {
		if sensitive[name] {
			redacted.Set(name, "***")
		}
	}
	return redacted
}

// authOnly lists the headers MaskAuthorization masks: not every one.
var authOnly = []string{"authorization", "proxy-authorization"}

// MaskAuthorization returns h, or a copy of it with the authorization
// headers masked when it holds one; cookies and API keys stay.
func MaskAuthorization(h http.Header) http.Header { // want MaskAuthorization:`authlog\(result0<-p0 result0=redacts\(Authorization,Proxy-Authorization\)\)`
	var redacted http.Header
	for _, name := range authOnly {
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

// Scrub removes every credential header from r, in place.
func Scrub(r *http.Request) { // want Scrub:`authlog\(p0=redacts\(\*\)\)`
	for _, name := range []string{"Authorization", "Proxy-Authorization", "Cookie", "Set-Cookie", "X-Api-Key", "X-Auth-Token", "X-Amz-Security-Token", "X-Goog-Api-Key", "X-Vault-Token", "X-Consul-Token", "X-Nomad-Token", "Private-Token"} {
		r.Header.Del(name)
	}
}

// ScrubToken removes the Authorization header from r only.
func ScrubToken(r *http.Request) { // want ScrubToken:`authlog\(p0=redacts\(Authorization\)\)`
	r.Header.Del("Authorization")
}

// Copy returns a copy of h: no redaction.
func Copy(h http.Header) http.Header { // want Copy:`authlog\(result0<-p0\)`
	c := make(http.Header, len(h))
	for k, v := range h {
		c[k] = v
	}
	return c
}
