// Package secretcustom is checked with -secret-fields=Api_Token: the
// field list replaces the default one.
package secretcustom

import (
	"log"
	"net/http"
)

type Session struct {
	APIToken string // want `Session.APIToken holds a secret, and a log prints Session whole: APIToken reaches log.Printf`
	Password string
}

type Login struct {
	Password string
}

func trace(r *http.Request, s Session, l Login) {
	log.Printf("%s: %+v %+v", r.Method, s, l)
}
