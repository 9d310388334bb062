package dumpscrubone

import (
	"log"
	"net/http"
	"net/http/httputil"
	"regexp"
)

// The package sends Authorization only: a scrub of that line is whole.
func authorize(req *http.Request, token string) {
	req.Header.Set("Authorization", "Bearer "+token)
}

var authLine = regexp.MustCompile(`(?m)^Authorization: .*$`)

func masks(req *http.Request) {
	b, _ := httputil.DumpRequestOut(req, true)
	b = authLine.ReplaceAll(b, []byte("Authorization: [redacted]"))
	log.Printf("%s", b)
}
