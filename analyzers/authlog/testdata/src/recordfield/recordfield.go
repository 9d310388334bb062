// Package recordfield keeps a record of each request, made by a
// constructor, and logs the record's header field.
package recordfield

import (
	"log"
	"net/http"
)

type requestInfo struct {
	URL     string
	Verb    string
	Headers http.Header
}

// newRequestInfo records the request's own header.
func newRequestInfo(req *http.Request) *requestInfo {
	return &requestInfo{URL: req.URL.String(), Verb: req.Method, Headers: req.Header}
}

// newSummary records a header of constant content types.
func newSummary(req *http.Request) *requestInfo {
	return &requestInfo{URL: req.URL.String(), Verb: req.Method, Headers: http.Header{"Accept": {"application/json"}}}
}

type tracer struct{ rt http.RoundTripper }

func (t *tracer) RoundTrip(req *http.Request) (*http.Response, error) {
	info := newRequestInfo(req)
	log.Printf("%s %s", info.Verb, info.URL)
	for k, vs := range info.Headers {
		for _, v := range vs {
			log.Printf("  %s: %s", k, v) // want `http.Header \(may hold Authorization, Proxy-Authorization, ...\) reaches log.Printf`
		}
	}
	sum := newSummary(req)
	log.Printf("%s %s %v", sum.Verb, sum.URL, sum.Headers)
	return t.rt.RoundTrip(req)
}
