// Package splitfield holds authorization values split into fields: the
// first field is the scheme or the user name, the rest is the credential.
package splitfield

import (
	"fmt"
	"log"
	"log/slog"
	"net/http"
	"strings"
)

func lookupUser(name string) error {
	return fmt.Errorf("store: no such user: %s", name)
}

// Silent: only the user-name half of "GoogleLogin auth=<user>/<hash>"
// reaches the log, through the store's error.
func userHalf(w http.ResponseWriter, r *http.Request) {
	auth := r.Header.Get("Authorization")
	token := strings.TrimPrefix(auth, "GoogleLogin auth=")
	parts := strings.Split(token, "/")
	if len(parts) != 2 || parts[0] == "" {
		http.Error(w, "unauthorized", http.StatusUnauthorized)
		return
	}
	if err := lookupUser(parts[0]); err != nil {
		slog.Warn("no user found", slog.Any("error", err))
	}
}

// Silent: the scheme.
func scheme(r *http.Request) {
	log.Printf("auth scheme %q", strings.Fields(r.Header.Get("Authorization"))[0])
}

// The hash half is the secret.
func hashHalf(r *http.Request) {
	parts := strings.Split(r.Header.Get("Authorization"), "/")
	if len(parts) == 2 {
		log.Printf("%s: hash %s", r.URL.Path, parts[1]) // want `Authorization header value reaches log.Printf`
	}
}

// The first cookie of a Cookie header is a credential.
func firstCookie(r *http.Request) {
	log.Printf("%s: session %s", r.URL.Path, strings.Split(r.Header.Get("Cookie"), ";")[0]) // want `Cookie header value reaches log.Printf`
}

// A variable that holds the whole value on one path: its first element
// is the credential there.
func reassigned(r *http.Request, raw bool) {
	parts := strings.Split(r.Header.Get("Authorization"), " ")
	if raw {
		parts = []string{r.Header.Get("Authorization")}
	}
	log.Printf("%d fields, auth %s", len(parts), parts[0]) // want `Authorization header value reaches log.Printf`
}
