// Package funcvar calls functions through local variables of func type:
// the call runs the function the variable holds.
package funcvar

import (
	"fmt"
	"log"
	"net/http"
	"strings"
)

type Session struct{ User string }

func basicSession(req *http.Request) (*Session, error) { // want basicSession:`authlog\(result1=header-value\)`
	auth := req.Header.Get("Authorization")
	if !strings.HasPrefix(auth, "Basic ") {
		return nil, fmt.Errorf("invalid Authorization header: %q", auth)
	}
	return &Session{User: "basic"}, nil
}

func cookieless(req *http.Request) (*Session, error) {
	if req.Header.Get("Authorization") == "" {
		return nil, fmt.Errorf("no Authorization header on %s", req.URL.Path)
	}
	return &Session{User: "anonymous"}, nil
}

// The variable holds basicSession, or a literal that wraps it.
func loader(preferEmail bool, next http.Handler) http.Handler {
	getSession := basicSession
	if preferEmail {
		getSession = func(req *http.Request) (*Session, error) {
			s, err := basicSession(req)
			return s, err
		}
	}
	return http.HandlerFunc(func(rw http.ResponseWriter, req *http.Request) {
		if _, err := getSession(req); err != nil {
			log.Printf("session from %s: %v", req.URL.Path, err) // want `Authorization header value reaches log.Printf`
		}
		next.ServeHTTP(rw, req)
	})
}

// Silent: the function the variable holds says only that the header is
// missing.
func plainLoader(next http.Handler) http.Handler {
	getSession := cookieless
	return http.HandlerFunc(func(rw http.ResponseWriter, req *http.Request) {
		if _, err := getSession(req); err != nil {
			log.Printf("session from %s: %v", req.URL.Path, err)
		}
		next.ServeHTTP(rw, req)
	})
}
