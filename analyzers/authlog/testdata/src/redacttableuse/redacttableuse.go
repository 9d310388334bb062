// Package redacttableuse: dumps made after the redacting helpers of
// package redacttable, which apply tables of functions.
package redacttableuse

import (
	"log"
	"net/http"
	"net/http/httputil"

	"redacttable"
)

// Must stay silent: the dump is made after the table's anonymizers.
func dumpAnonymized(req *http.Request) {
	orig := req.Header
	req.Header = redacttable.Anonymize(req.Header.Clone())
	b, err := httputil.DumpRequestOut(req, true)
	req.Header = orig
	if err == nil {
		log.Printf("%s", b)
	}
}

// Must stay silent: the request is stripped in place by a table.
func dumpStripped(req *http.Request) {
	r := req.Clone(req.Context())
	redacttable.StripAll(r)
	b, err := httputil.DumpRequestOut(r, true)
	if err == nil {
		log.Printf("%s", b)
	}
}

// Must flag: the table's functions remove nothing.
func logHooked(req *http.Request) {
	log.Printf("headers: %v", redacttable.Hooked(req.Header.Clone())) // want `http.Header \(may hold`
}

// Must flag: a table that callers may replace is not followed.
func logChanging(req *http.Request) {
	log.Printf("headers: %v", redacttable.Changing(req.Header.Clone())) // want `http.Header \(may hold`
}
