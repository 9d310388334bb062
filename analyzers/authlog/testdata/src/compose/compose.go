// Package compose logs text composed from headers through helpers of
// another package (hdrutil), whose facts pass their parameter on.
package compose

import (
	"log"
	"net/http"
	"strings"

	"hdrutil"
)

// Logger is the project's own logger.
type Logger interface {
	Debugf(format string, args ...any)
}

type entry struct {
	Header http.Header
	Body   string
}

func debugLog(l Logger, resp *http.Response) {
	e := &entry{Header: hdrutil.Copy(resp.Header), Body: "..."}
	text := "HEADERS:\n" + hdrutil.Compose(e.Header) + "\n"
	l.Debugf("%s", text) // want `http.Header \(may hold Authorization, Proxy-Authorization, ...\) reaches Logger.Debugf`
}

func direct(r *http.Request) {
	log.Print(hdrutil.Compose(r.Header)) // want `http.Header \(may hold .*\) reaches log.Print`
}

// Silent: the copy leaves the credentials out.
func filtered(l Logger, resp *http.Response) {
	e := &entry{Header: hdrutil.CopyPublic(resp.Header)}
	l.Debugf("%s", hdrutil.Compose(e.Header))
}

// Silent: the names of the headers only.
func names(r *http.Request) {
	log.Print(strings.Join(hdrutil.Keys(r.Header), ","))
}

// Silent: the headers the caller picked.
func picked(r *http.Request) {
	log.Print(hdrutil.Picked(r.Header, []string{"Content-Type", "Accept"}))
}

// Silent: another field of the literal.
func body(resp *http.Response) {
	e := entry{Header: resp.Header, Body: "ok"}
	log.Print(e.Body)
}

// Every header, line by line: the loop filters none.
func eachHeader(debug bool, r *http.Request) {
	if debug {
		for k, v := range r.Header {
			log.Printf("header %s = %v", k, v) // want `http.Header \(may hold .*\) reaches log.Printf`
		}
	}
}

// Silent: the loop skips the credentials.
func eachPublicHeader(r *http.Request) {
	for k, v := range r.Header {
		if k == "Authorization" {
			continue
		}
		log.Printf("header %s = %v", k, v)
	}
}
