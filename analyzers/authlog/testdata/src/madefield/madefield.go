// Package madefield logs fields of records that functions make: a field
// given a credential where the record is made carries it to the log.
package madefield

import (
	"log"
	"net/http"

	"madefield/reqinfo"
)

type attempt struct {
	url   string
	token string
	n     int
}

func newAttempt(r *http.Request, n int) attempt {
	return attempt{url: r.URL.Path, token: r.Header.Get("X-Auth-Token"), n: n}
}

// ---- must flag ----

func logged(r *http.Request) {
	info := reqinfo.Of(r)
	log.Printf("%s %s auth=%s", info.Method, info.Path, info.Auth) // want `Authorization header value reaches log.Printf`
}

func loggedInline(r *http.Request) {
	log.Printf("auth=%s", reqinfo.Of(r).Auth) // want `Authorization header value reaches log.Printf`
}

func local(r *http.Request) {
	a := newAttempt(r, 1)
	log.Printf("attempt %d %s token %s", a.n, a.url, a.token) // want `X-Auth-Token header value reaches log.Printf`
}

// ---- must stay silent ----

func otherFields(r *http.Request) {
	info := reqinfo.Of(r)
	log.Printf("%s %s", info.Method, info.Path)
}

func masked(r *http.Request) {
	info := reqinfo.Masked(r)
	log.Printf("%s %s auth=%s", info.Method, info.Path, info.Auth)
}

func count(r *http.Request) {
	a := newAttempt(r, 2)
	log.Printf("attempt %d of %s", a.n, a.url)
}
