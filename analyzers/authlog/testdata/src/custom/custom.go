package custom

import (
	"log"
	"net/http"
)

// With -headers=x-session-token only that header's value is a credential.
func configuredHeader(r *http.Request) {
	log.Print(r.Header.Get("X-Session-Token")) // want `X-Session-Token header value reaches log.Print`
}

func defaultHeaderNotConfigured(r *http.Request) {
	log.Print(r.Header.Get("Authorization"))
}

func wholeHeaderNamesTheConfiguredOne(r *http.Request) {
	log.Print(r.Header) // want `http.Header \(may hold X-Session-Token\) reaches log.Print`
}

func redactedOfTheConfiguredOne(r *http.Request) {
	h := r.Header.Clone()
	h.Del("X-Session-Token")
	log.Print(h)
}

// Cookies and passwords are credentials whatever the list.
func cookieStill(r *http.Request) {
	if c, err := r.Cookie("id"); err == nil {
		log.Print(c.Value) // want `cookie value reaches log.Print`
	}
}
