// Package importgone logs a credential formatted by the only use of
// package fmt in the file: the fix deletes the import with the use.
package importgone

import (
	"fmt"
	"log"
	"net/http"
)

func token(req *http.Request) {
	line := fmt.Sprintf("token %s", req.Header.Get("Authorization"))
	log.Print(line) // want `Authorization header value reaches log.Print`
}
