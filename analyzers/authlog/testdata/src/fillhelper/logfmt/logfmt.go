// Package logfmt formats requests for a log, into a writer its caller
// hands it.
package logfmt

import (
	"fmt"
	"io"
	"net/http"
)

// Headers writes every header of h into w.
func Headers(w io.Writer, h http.Header) { // want Headers:`authlog\(p0<-p1\)`
	for k, vs := range h {
		fmt.Fprintf(w, "%s=%v\n", k, vs)
	}
}

// Line writes the method and path alone.
func Line(w io.Writer, req *http.Request) {
	fmt.Fprintf(w, "%s %s\n", req.Method, req.URL.Path)
}
