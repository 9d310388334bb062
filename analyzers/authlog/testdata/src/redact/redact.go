// Package redact holds redactions that do not delete every configured
// header: masks, swapped headers and dumps scrubbed of the secret.
package redact

import (
	"bytes"
	"fmt"
	"log"
	"log/slog"
	"net/http"
	"net/http/httputil"
	"net/textproto"
	"regexp"
	"strings"

	"authz"
)

// ---- must stay silent ----

// A header swapped for what a redacting helper of another package returns,
// and restored after the dump.
func dumpSwapped(req *http.Request) ([]byte, error) {
	orig := req.Header
	req.Header = authz.RedactHeaders(orig)
	defer func() { req.Header = orig }()
	return httputil.DumpRequest(req, true)
}

func logSwapped(l *log.Logger, req *http.Request) {
	if b, err := dumpSwapped(req); err == nil {
		l.Printf("request:\n%s", b)
	}
}

// names is every configured header, a constant list.
var names = []string{"authorization", "proxy-authorization", "cookie", "set-cookie", "x-api-key", "x-auth-token", "x-amz-security-token", "x-goog-api-key", "x-vault-token", "x-consul-token", "x-nomad-token", "private-token"}

// mask is a redacting helper of this package.
func mask(h http.Header) http.Header {
	r := h.Clone()
	for _, name := range names {
		if len(r.Values(name)) > 0 {
			r.Set(name, "***")
		}
	}
	return r
}

func dumpMasked(req *http.Request) {
	saved := req.Header
	req.Header = mask(saved)
	b, _ := httputil.DumpRequest(req, false)
	req.Header = saved
	log.Printf("%s", b)
}

// secretSet is every configured header, a constant map.
var secretSet = map[string]struct{}{
	"Authorization":        {},
	"Proxy-Authorization":  {},
	"Cookie":               {},
	"Set-Cookie":           {},
	"X-Api-Key":            {},
	"X-Auth-Token":         {},
	"X-Amz-Security-Token": {},
	"X-Goog-Api-Key":       {},
	"X-Vault-Token":        {},
	"X-Consul-Token":       {},
	"X-Nomad-Token":        {},
	"Private-Token":        {},
}

// Every value whose name the constant map lists, masked in place.
func maskedByFilter(req *http.Request) {
	h := req.Header.Clone()
	for k := range h {
		if _, ok := secretSet[k]; ok {
			h[k] = []string{"xxxx"}
		}
	}
	log.Print(h)
}

// A list that the package changes is no constant: its names may be any
// header, and the redaction is trusted.
var extraSecrets = []string{"Authorization"}

func init() { extraSecrets = append(extraSecrets, "X-Custom-Token") }

func maskedByMutableList(req *http.Request) {
	h := req.Header.Clone()
	for _, k := range extraSecrets {
		h.Del(k)
	}
	log.Print(h)
}

// A request scrubbed in place by a helper of another package.
func dumpScrubbed(req *http.Request) {
	c := req.Clone(req.Context())
	authz.Scrub(c)
	if b, err := httputil.DumpRequestOut(c, false); err == nil {
		log.Println(string(b))
	}
}

// A dump scrubbed of every secret value the client sends, in a loop.
func scrubbedDump(req *http.Request, key, token string) {
	dump, err := httputil.DumpRequestOut(req, true)
	if err != nil {
		return
	}
	for _, secret := range []string{key, token} {
		if secret != "" {
			re := regexp.MustCompile(fmt.Sprintf("(?m)%s", regexp.QuoteMeta(secret)))
			dump = re.ReplaceAll(dump, []byte("[redacted]"))
		}
	}
	log.Printf("\n%s", string(dump))
}

func scrubbedInline(req *http.Request, token string) {
	req.Header.Set("Authorization", "Bearer "+token)
	if dump, err := httputil.DumpRequestOut(req, true); err == nil {
		log.Printf("%s", bytes.ReplaceAll(dump, []byte(token), []byte("[redacted]")))
		log.Print(strings.ReplaceAll(string(dump), token, ""))
	}
}

// ---- still reported ----

// Redactions that leave some configured headers: the request may carry a
// cookie or a cloud token as well as Authorization.

// The Authorization value masked in place before the dump.
func maskedInPlace(in *http.Request) {
	saved := in.Header.Clone()
	if in.Header.Get("authorization") != "" {
		in.Header.Set("authorization", "<redacted>")
	}
	if b, err := httputil.DumpRequestOut(in, false); err == nil {
		log.Println(string(b)) // want `request dump of a request redacted in part \(Authorization removed; may still hold Proxy-Authorization, Cookie, Set-Cookie, X-Api-Key, X-Auth-Token, X-Amz-Security-Token, X-Goog-Api-Key, X-Vault-Token, X-Consul-Token, X-Nomad-Token and Private-Token\) reaches log.Println`
	}
	in.Header = saved
}

// A clone with Authorization censored, logged as a structured field.
func censoredClone(req *http.Request) {
	h := req.Header.Clone()
	if h.Get("Authorization") != "" {
		h.Set("Authorization", "[censored]")
	}
	slog.Debug("request", slog.String("method", req.Method), slog.Any("headers", h)) // want `http.Header redacted in part \(Authorization removed; may still hold Proxy-Authorization, Cookie, Set-Cookie, X-Api-Key, X-Auth-Token, X-Amz-Security-Token, X-Goog-Api-Key, X-Vault-Token, X-Consul-Token, X-Nomad-Token and Private-Token\) reaches slog.Debug`
}

func maskedByIndex(req *http.Request) {
	h := req.Header.Clone()
	h["Authorization"] = []string{"xxxx"}
	log.Print(h) // want `http.Header redacted in part \(Authorization removed; may still hold Proxy-Authorization, Cookie, Set-Cookie, X-Api-Key, X-Auth-Token, X-Amz-Security-Token, X-Goog-Api-Key, X-Vault-Token, X-Consul-Token, X-Nomad-Token and Private-Token\) reaches log.Print`
}

// A helper of another package that masks the authorization headers only,
// its result logged on the spot and through a variable.
func maskedAuthOnly(req *http.Request) {
	log.Print(authz.MaskAuthorization(req.Header)) // want `http.Header redacted in part \(Authorization, Proxy-Authorization removed; may still hold Cookie, Set-Cookie, .* and Private-Token\) reaches log.Print`
	h := authz.MaskAuthorization(req.Header)
	slog.Info("request", "headers", h) // want `http.Header redacted in part \(Authorization, Proxy-Authorization removed; may still hold Cookie, .*\) reaches slog.Info`
}

// A helper of another package that scrubs Authorization in place.
func dumpScrubbedToken(req *http.Request) {
	authz.ScrubToken(req)
	b, _ := httputil.DumpRequest(req, false)
	log.Printf("%s", b) // want `request dump of a request redacted in part \(Authorization removed; may still hold Proxy-Authorization, .*\) reaches log.Printf`
}

// A request whose Header lost its cookies only, printed whole.
func requestWithoutCookies(req *http.Request) {
	req.Header.Del("Cookie")
	log.Printf("request %+v", req) // want `request formatted whole, its Header redacted in part \(Cookie removed; may still hold Authorization, Proxy-Authorization, Set-Cookie, .*\) reaches log.Printf`
}

// A list filter that is not the full list.
func maskedByShortList(req *http.Request) {
	h := req.Header.Clone()
	for _, k := range []string{"Authorization", "Cookie"} {
		h.Del(k)
	}
	log.Print(h) // want `http.Header redacted in part \(Authorization, Cookie removed; may still hold Proxy-Authorization, Set-Cookie, .*\) reaches log.Print`
}

// Setting a credential is no mask.
func setCredential(req *http.Request, token string) {
	h := req.Header.Clone()
	h.Set("Authorization", "Bearer "+token)
	log.Print(h) // want `http.Header \(may hold Authorization, Proxy-Authorization, ...\) reaches log.Print`
}

// Nor is a constant that looks like a credential.
func setConstantCredential(req *http.Request) {
	h := req.Header.Clone()
	h.Set("Authorization", "Basic dXNlcjpwYXNz")
	log.Print(h) // want `http.Header \(may hold Authorization, Proxy-Authorization, ...\) reaches log.Print`
}

// A copy is no redaction.
func swappedForCopy(req *http.Request) {
	req.Header = authz.Copy(req.Header)
	b, _ := httputil.DumpRequest(req, false)
	log.Printf("%s", b) // want `request dump \(includes every header\) reaches log.Printf`
}

// Replacing line endings, or removing a constant, redacts nothing.
func lineEndings(req *http.Request) {
	dump, _ := httputil.DumpRequest(req, false)
	log.Print(strings.ReplaceAll(string(dump), "\r\n", "\n")) // want `request dump \(includes every header\) reaches log.Print`
}

func crRemoved(req *http.Request) {
	dump, _ := httputil.DumpRequest(req, false)
	log.Print(string(bytes.ReplaceAll(dump, []byte("\r"), []byte("")))) // want `request dump \(includes every header\) reaches log.Print`
}

// A scrubbed copy leaves the dump itself as it was.
func scrubbedCopy(req *http.Request, token string) {
	dump, _ := httputil.DumpRequest(req, false)
	clean := bytes.ReplaceAll(dump, []byte(token), []byte("[redacted]"))
	_ = clean
	log.Printf("%s", dump) // want `request dump \(includes every header\) reaches log.Printf`
}

// An element of a header's values is the value.
func firstValue(r *http.Request) {
	log.Print(r.Header["Authorization"][0]) // want `Authorization header value reaches log.Print`
}

// ---- not a log ----

// AddCookie logs one invalid byte of a cookie value, never the value.
func forwardCookie(in, out *http.Request) {
	if c, err := in.Cookie("session"); err == nil {
		out.AddCookie(c)
		out.AddCookie(&http.Cookie{Name: "forwarded", Value: c.Value})
	}
}

// warn logs one byte of v, as net/http does for a malformed cookie.
func warn(v string) {
	for i := range len(v) {
		if v[i] < ' ' {
			log.Printf("invalid byte %q", v[i])
		}
	}
}

func checkToken(r *http.Request) {
	warn(r.Header.Get("Authorization"))
}

// PrintfLine writes to a network connection, not to a log.
func smtpAuth(w *textproto.Writer, r *http.Request) error {
	return w.PrintfLine("AUTH PLAIN %s", r.Header.Get("X-Api-Key"))
}
