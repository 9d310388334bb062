// Package uncanonical looks wait headers up in header maps under names
// that net/http never stores.
package uncanonical

import (
	"net/http"
	"strconv"
	"time"

	"uncanonical/rest"
)

// resetWait reads the reset time from the response's header by index,
// spelled as the API's documentation spells it: never found.
func resetWait(resp *http.Response) time.Duration {
	d := time.Second
	if v, ok := resp.Header["X-RateLimit-Reset"]; ok && len(v) > 0 { // want `"X-RateLimit-Reset" is looked up as spelled, but net/http stores the header as "X-Ratelimit-Reset"`
		if t, err := strconv.ParseInt(v[0], 10, 64); err == nil {
			d = time.Until(time.Unix(t, 0))
		}
	}
	return d
}

// retryAfter reads Retry-After in lower case: never found.
func retryAfter(resp *http.Response) time.Duration {
	if v := resp.Header["retry-after"]; len(v) > 0 { // want `"retry-after" is looked up as spelled, but net/http stores the header as "Retry-After"`
		if s, err := strconv.Atoi(v[0]); err == nil && s >= 0 {
			return time.Duration(s) * time.Second
		}
		if t, err := http.ParseTime(v[0]); err == nil {
			return time.Until(t)
		}
	}
	return time.Second
}

// libraryWait reads the reset time from the library's copy of the
// header: never found either.
func libraryWait(c *http.Client, req *http.Request) time.Duration {
	r, err := rest.Send(c, req)
	if err != nil {
		return time.Second
	}
	d := time.Second
	if v, ok := r.Headers["X-RateLimit-Reset"]; ok && len(v) > 0 { // want `"X-RateLimit-Reset" is looked up as spelled, but net/http stores the header as "X-Ratelimit-Reset"`
		if t, err := strconv.ParseInt(v[0], 10, 64); err == nil {
			d = time.Until(time.Unix(t, 0))
		}
	}
	return d
}

// canonical spells the names as net/http stores them, or asks Get,
// which canonicalises: silent.
func canonical(resp *http.Response, r *rest.Response) (string, string, string) {
	a := resp.Header["Retry-After"]
	b := r.Headers["X-Ratelimit-Reset"]
	return first(a), first(b), resp.Header.Get("X-RateLimit-Reset")
}

// meta looks up a map the library fills by hand, under the name it
// stores: silent.
func meta(r *rest.Response) string {
	return first(r.Meta["X-RateLimit-Reset"])
}

// store writes under a name of its own: a store, not a read; silent.
func store(h http.Header, v string) {
	h["x-request-id"] = []string{v}
}

// headerRemaining spells the name as the API's documentation does.
const headerRemaining = "X-RateLimit-Reset"

// constWait looks the header up by the package's constant: the fix
// respells the constant.
func constWait(resp *http.Response) string {
	return first(resp.Header[headerRemaining]) // want `"X-RateLimit-Reset" is looked up as spelled`
}

// metadata looks up a header converted from gRPC metadata, whose names
// are in lower case: silent.
func metadata(md map[string][]string) string {
	return first(http.Header(md)["retry-after"])
}

func first(v []string) string {
	if len(v) == 0 {
		return ""
	}
	return v[0]
}
