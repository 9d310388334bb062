// Package reassign holds a variable that holds a request dump, then
// something else.
package reassign

import (
	"log"
	"net/http"
	"net/http/httputil"
)

func trace(req *http.Request, resp *http.Response) {
	dump, err := httputil.DumpRequestOut(req, false)
	if err == nil {
		log.Printf("request: %s", dump) // want `request dump \(includes every header\) reaches log.Printf`
	}
	// Silent: dump now holds the response's dump; the request's cannot
	// reach here.
	dump, err = httputil.DumpResponse(resp, false)
	if err == nil {
		log.Printf("response: %s", dump)
	}
}

// Still reported: an assignment in a branch does not overwrite the dump
// on the other path.
func maybe(req *http.Request, quiet bool) {
	dump, _ := httputil.DumpRequestOut(req, false)
	if quiet {
		dump = []byte("(quiet)")
	}
	log.Printf("request: %s", dump) // want `request dump \(includes every header\) reaches log.Printf`
}
