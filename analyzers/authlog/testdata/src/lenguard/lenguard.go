// Package lenguard writes every header of a request into a log line, in
// a loop that skips the headers without a value: a header with no value
// carries no credential, and no name is left out.
package lenguard

import (
	"fmt"
	"log"
	"net/http"
	"strings"
)

func curlHeaders(req *http.Request) {
	var b strings.Builder
	for k, vs := range req.Header {
		if len(vs) > 0 {
			b.WriteString(fmt.Sprintf(" -H '%s: %s'", k, vs[0])) // want `http.Header \(may hold Authorization`
		}
	}
	log.Printf("curl%s %s", b.String(), req.URL)
}

// Silent: the loop leaves out the credential headers by name.
func curlNoAuth(req *http.Request) {
	var b strings.Builder
	for k, vs := range req.Header {
		if k == "Authorization" || k == "Cookie" || k == "Proxy-Authorization" || len(vs) == 0 {
			continue
		}
		b.WriteString(fmt.Sprintf(" -H '%s: %s'", k, vs[0]))
	}
	log.Printf("curl%s %s", b.String(), req.URL)
}
