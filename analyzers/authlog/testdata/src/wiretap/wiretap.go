package wiretap

import (
	"fmt"
	"io"
	"net/http"
)

func tapped(wiretap io.Writer, r *http.Request) {
	fmt.Fprintf(wiretap, "%s\n", r.Header.Get("Authorization")) // want `Authorization header value reaches fmt.Fprintf to wiretap`
}

// Debug is no debug writer once -debug-writers leaves it out.
func debug(debug io.Writer, r *http.Request) {
	fmt.Fprintf(debug, "%s\n", r.Header.Get("Authorization"))
}
