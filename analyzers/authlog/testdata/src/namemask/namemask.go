// Package namemask prints each header through a helper that masks a
// value by the header's name.
package namemask

import (
	"fmt"
	"net/http"
	"os"
	"strings"
)

// scrub masks the value of every header whose name says it holds a
// credential: each configured header's does.
func scrub(key, value string) string {
	key = strings.ToLower(key)
	if strings.Contains(key, "auth") || strings.Contains(key, "key") || strings.Contains(key, "token") ||
		strings.Contains(key, "cookie") || strings.Contains(key, "secret") {
		if len(value) > 8 {
			return value[:4] + "..." + value[len(value)-4:]
		}
		return "***"
	}
	return value
}

// scrubAuth masks Authorization alone.
func scrubAuth(key, value string) string {
	if strings.EqualFold(key, "Authorization") {
		return "***"
	}
	return value
}

type debugTransport struct{ next http.RoundTripper }

// Silent: every value is printed through scrub.
func (t *debugTransport) RoundTrip(req *http.Request) (*http.Response, error) {
	for key, values := range req.Header {
		for _, value := range values {
			fmt.Fprintf(os.Stderr, "  %s: %s\n", key, scrub(key, value))
		}
	}
	return t.next.RoundTrip(req)
}

type authOnly struct{ next http.RoundTripper }

// Cookie and the API key headers are printed whole.
func (t *authOnly) RoundTrip(req *http.Request) (*http.Response, error) {
	for key, values := range req.Header {
		for _, value := range values {
			fmt.Fprintf(os.Stderr, "  %s: %s\n", key, scrubAuth(key, value)) // want `reaches fmt.Fprintf`
		}
	}
	return t.next.RoundTrip(req)
}
