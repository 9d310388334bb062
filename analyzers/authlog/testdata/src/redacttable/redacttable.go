// Package redacttable: redacting helpers chained through a table of
// functions, as an SDK applies its anonymizers one after the other.
package redacttable

import "net/http"

func hide(v string) string {
	if len(v) > 8 {
		return v[:8] + "-xxxx"
	}
	return "xxxx"
}

// AnonymizeToken masks X-Auth-Token.
func AnonymizeToken(h http.Header) http.Header {
	if t := h.Get("X-Auth-Token"); t != "" {
		h.Set("X-Auth-Token", hide(t))
	}
	return h
}

// AnonymizeSession masks Authorization.
func AnonymizeSession(h http.Header) http.Header {
	if h.Get("Authorization") != "" {
		h.Set("Authorization", "[redacted]")
	}
	return h
}

type anonymizer func(http.Header) http.Header

var anonymizers = []anonymizer{AnonymizeToken, AnonymizeSession}

// Anonymize applies every anonymizer of the table.
func Anonymize(h http.Header) http.Header {
	for _, a := range anonymizers {
		h = a(h)
	}
	return h
}

// StripAll removes the credentials from a request in place, through a
// table written in the loop.
func StripAll(req *http.Request) {
	for _, strip := range []func(*http.Request){stripAuth, stripCookie} {
		strip(req)
	}
}

func stripAuth(req *http.Request)   { req.Header.Del("Authorization") }
func stripCookie(req *http.Request) { req.Header.Del("Cookie") }

var hooks = map[string]func(http.Header) http.Header{"keep": keep}

func keep(h http.Header) http.Header { return h }

// Hooked applies a table of functions that remove nothing.
func Hooked(h http.Header) http.Header {
	for _, f := range hooks {
		h = f(h)
	}
	return h
}

var changing = []anonymizer{AnonymizeToken}

// SetChanging lets callers replace the table: it is no constant table.
func SetChanging(a []anonymizer) { changing = a }

// Changing applies a table that callers replace.
func Changing(h http.Header) http.Header {
	for _, a := range changing {
		h = a(h)
	}
	return h
}
