// Package d holds the shapes that the value fixes must handle: variables
// left unused, shared between findings, declared in odd places.
package d

import (
	"log"
	"log/slog"
	"net/http"
	"net/http/httputil"

	"authz"
)

func sharedVariable(r *http.Request) {
	tok := r.Header.Get("Authorization")
	log.Print(tok) // want `Authorization header value reaches log.Print`

	slog.Info("auth", "token", tok) // want `Authorization header value reaches slog.Info`
}

func cascade(r *http.Request) {
	tok := r.Header.Get("Authorization")
	msg := "auth " + tok
	log.Print(msg) // want `Authorization header value reaches log.Print`
}

func varDecl(r *http.Request) {
	var key = r.Header.Get("X-Api-Key")
	log.Printf("key %q", key) // want `X-Api-Key header value reaches log.Printf`
}

func noNewVariableLeft(r *http.Request) error {
	var err error
	c, err := r.Cookie("session")
	if err != nil {
		return err
	}
	log.Print(c.Value) // want `cookie value reaches log.Print`
	return nil
}

func rangeValue(r *http.Request) {
	for _, v := range r.Header.Values("Cookie") {
		log.Print(v) // want `Cookie header value reaches log.Print`
	}
}

func rangeKeyKept(r *http.Request) {
	for i, v := range r.Header.Values("Set-Cookie") {
		log.Print(i, v) // want `Set-Cookie header value reaches log.Print`
	}
}

func ifInit(r *http.Request, verbose bool) {
	if tok := r.Header.Get("X-Auth-Token"); verbose {
		log.Print(tok) // want `X-Auth-Token header value reaches log.Print`
	}
}

func reassigned(r *http.Request, proxy bool) {
	var tok string
	if proxy {
		tok = r.Header.Get("Proxy-Authorization")
	}
	log.Print("credentials ", tok) // want `Proxy-Authorization header value reaches log.Print`
}

func nonCanonicalDelete(r *http.Request) {
	h := r.Header.Clone()
	delete(h, "authorization") // deletes nothing: the keys are canonical
	delete(h, "Proxy-Authorization")
	delete(h, "Cookie")
	delete(h, "Set-Cookie")
	delete(h, "X-Api-Key")
	delete(h, "X-Auth-Token")
	delete(h, "X-Amz-Security-Token")
	delete(h, "X-Goog-Api-Key")
	delete(h, "X-Vault-Token")
	delete(h, "X-Consul-Token")
	delete(h, "X-Nomad-Token")
	delete(h, "Private-Token")
	log.Print(h) // want `http.Header redacted in part \(11 of 12 credential headers removed; may still hold Authorization\) reaches log.Print`
}

func nameCollision(redacted *http.Request) {
	log.Printf("%v", redacted) // want `request formatted whole .* reaches log.Printf`
}

func dumpOfCall(token string) {
	dump, err := httputil.DumpRequestOut(authz.NewRequest(token), true)
	if err == nil {
		log.Printf("%q", dump) // want `request dump \(includes every header\) reaches log.Printf`
	}
}

func methodExpression(l *log.Logger, r *http.Request) {
	(*log.Logger).Printf(l, "%s", http.Header.Get(r.Header, "Authorization")) // want `Authorization header value reaches \(\*log.Logger\).Printf`
}

type client[T any] struct{ last T }

func (c *client[T]) send(r *http.Request, v T) {
	c.last = v
	log.Println("sending", r.Header["Authorization"]) // want `Authorization header value reaches log.Println`
}
