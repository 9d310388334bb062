package extrawriter

import (
	"fmt"
	"net/http"

	"example.com/sdk"
)

func named(cfg *sdk.Config, r *http.Request) {
	fmt.Fprintf(cfg.Wire, "%s\n", r.Header.Get("Authorization")) // want `Authorization header value reaches fmt.Fprintf to cfg.Wire`

	sdk.Dump.Write([]byte(r.Header.Get("Cookie"))) // want `Cookie header value reaches sdk.Dump.Write`

	// Not named.
	fmt.Fprintf(cfg.Other, "%s\n", r.Header.Get("Authorization"))
}

// sameName writes to a field of the same name in another type.
func sameName(r *http.Request) {
	var w struct {
		Wire interface{ Write([]byte) (int, error) }
	}
	fmt.Fprint(w.Wire, r.Header.Get("Authorization"))
}
