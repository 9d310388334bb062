// Package errtextuse logs the errors of errtext's helpers, whose text
// holds the headers or the request they were given.
package errtextuse

import (
	"log"
	"net/http"

	"errtext"

	"github.com/pkg/errors"
)

func logHeaders(req *http.Request, status int) {
	log.Printf("failed: %v", errtext.HeadersError(req.Header, status)) // want `http.Header \(may hold .*\) reaches log.Printf`
}

func logRequest(req *http.Request, status int) {
	if err := errtext.RequestError(req, status); err != nil {
		log.Printf("failed: %v", err) // want `request formatted whole \(its Header may hold .*\) reaches log.Printf`
	}
}

// Silent: the error of a field-holding type.
func logField(req *http.Request, cause error) {
	log.Print(&errtext.ReqError{Req: req, Err: cause})
}

func pkgErrors(req *http.Request, cause error) {
	err := errors.Wrapf(cause, "request with headers %v", req.Header)
	log.Print(err) // want `http.Header \(may hold .*\) reaches log.Print`
}

// Silent: the error keeps the header in a field that Error does not
// print.
func headerField(req *http.Request) {
	log.Print(errtext.NewHeaderError(req.Header))
}
