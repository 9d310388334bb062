// Package a logs credentials through the standard library: log, fmt and
// log/slog.
package a

import (
	"context"
	"errors"
	"fmt"
	"log"
	"log/slog"
	"net/http"
	"net/http/httputil"
	"os"
	"strings"
)

// ---- must flag ----

func headerValueGet(r *http.Request) {
	log.Printf("auth=%s", r.Header.Get("Authorization")) // want `Authorization header value reaches log.Printf`
}

func headerValueLocal(r *http.Request, attempt int) {
	tok := r.Header.Get("authorization")
	log.Println("attempt", attempt, "token:", tok) // want `Authorization header value reaches log.Println`
}

func headerValueIndex(r *http.Request) {
	log.Print("key " + r.Header["X-Api-Key"][0]) // want `X-Api-Key header value reaches log.Print`
}

func headerValuesToStdout(resp *http.Response) {
	vals := resp.Header.Values("Set-Cookie")
	fmt.Println("set:", vals) // want `Set-Cookie header value reaches fmt.Println`
}

func headerValueThroughHelpers(r *http.Request) {
	msg := fmt.Sprintf("key=%s", strings.TrimPrefix(r.Header.Get("X-Auth-Token"), "t:"))
	log.Print(msg) // want `X-Auth-Token header value reaches log.Print`
}

func headerValueSuffix(r *http.Request) {
	log.Printf("token %s", r.Header.Get("Authorization")[len("Bearer "):]) // want `Authorization header value reaches log.Printf`
}

func headerValueInError(r *http.Request) {
	tok := r.Header.Get("Proxy-Authorization")
	if !strings.HasPrefix(tok, "Basic ") {
		log.Println(fmt.Errorf("bad proxy credentials %q", tok)) // want `Proxy-Authorization header value reaches log.Println`
	}
}

func wholeHeaderToStderr(r *http.Request) {
	fmt.Fprintf(os.Stderr, "headers: %v\n", r.Header) // want `http.Header \(may hold Authorization, Proxy-Authorization, ...\) reaches fmt.Fprintf`
}

func wholeRequest(r *http.Request, logger *log.Logger) {
	logger.Printf("request: %+v", r) // want `request formatted whole \(its Header may hold Authorization, Proxy-Authorization, ...\) reaches \(\*log.Logger\).Printf`
}

func wholeRequestValue(r *http.Request) {
	log.Printf("%v", *r) // want `request formatted whole .* reaches log.Printf`
}

func dumpWithBody(r *http.Request) error {
	dump, err := httputil.DumpRequest(r, true)
	if err != nil {
		return err
	}
	log.Printf("%s", dump) // want `request dump \(includes every header\) reaches log.Printf`
	return nil
}

func dumpWithoutBody(req *http.Request) {
	dump, _ := httputil.DumpRequestOut(req, false)
	log.Print(string(dump)) // want `request dump \(includes every header\) reaches log.Print`
}

func basicAuthPassword(r *http.Request) {
	user, pass, ok := r.BasicAuth()
	if ok {
		log.Printf("user %s pass %s", user, pass) // want `basic-auth password reaches log.Printf`
	}
}

func cookieValue(r *http.Request) {
	c, err := r.Cookie("session")
	if err == nil {
		log.Printf("session=%s", c.Value) // want `cookie value reaches log.Printf`
	}
}

func cookieLoop(r *http.Request) {
	for _, ck := range r.Cookies() {
		log.Println(ck.Name, ck.Value) // want `cookie value reaches log.Println`
	}
}

func cookiesWhole(r *http.Request) {
	log.Printf("cookies: %v", r.Cookies()) // want `cookie value reaches log.Printf`
}

func slogValue(r *http.Request) {
	slog.Info("request", "method", r.Method, "auth", r.Header.Get("Authorization")) // want `Authorization header value reaches slog.Info`
}

func slogLoggerAttr(ctx context.Context, logger *slog.Logger, r *http.Request) {
	logger.InfoContext(ctx, "request", slog.String("cookie", r.Header.Get("Cookie"))) // want `Cookie header value reaches \(\*slog.Logger\).InfoContext`
}

func slogLogAttrsHeader(ctx context.Context, r *http.Request) {
	slog.LogAttrs(ctx, slog.LevelDebug, "request", slog.Any("headers", r.Header)) // want `http.Header .* reaches slog.LogAttrs`
}

func slogGroup(r *http.Request) {
	slog.Warn("retry", slog.Group("http", "key", r.Header.Get("X-Api-Key"), "status", 503)) // want `X-Api-Key header value reaches slog.Warn`
}

func slogRequest(r *http.Request) {
	slog.Default().With("req", r).Info("retrying") // want `request formatted whole .* reaches \(\*slog.Logger\).With`
}

// ---- local wrappers ----

func debugf(format string, args ...any) {
	log.Printf("[debug] "+format, args...)
}

func logValue[T any](label string, v T) {
	log.Println(label, v)
}

func bearer(r *http.Request) string {
	return strings.TrimPrefix(r.Header.Get("Authorization"), "Bearer ")
}

func throughPrintfWrapper(r *http.Request) {
	debugf("attempt %d auth %s", 2, r.Header.Get("Authorization")) // want `Authorization header value reaches debugf \(which passes it to log.Printf\)`
}

func throughGenericWrapper(r *http.Request) {
	logValue("proxy", r.Header.Get("Proxy-Authorization")) // want `Proxy-Authorization header value reaches logValue \(which passes it to log.Println\)`
}

func throughResultHelper(r *http.Request) {
	log.Print(bearer(r)) // want `Authorization header value reaches log.Print`
}

// A redaction that leaves some configured headers is partial: the
// request may carry a cookie or a cloud token as well.
func partlyRedactedHeader(r *http.Request) {
	h := r.Header.Clone()
	h.Del("Authorization")
	h.Del("Proxy-Authorization")
	log.Println(h) // want `http.Header redacted in part \(Authorization, Proxy-Authorization removed; may still hold Cookie, Set-Cookie, X-Api-Key, X-Auth-Token, X-Amz-Security-Token, X-Goog-Api-Key, X-Vault-Token, X-Consul-Token, X-Nomad-Token and Private-Token\) reaches log.Println`
}

// ---- must stay silent ----

func otherHeaders(r *http.Request) {
	log.Printf("ct=%s id=%s", r.Header.Get("Content-Type"), r.Header.Get("X-Request-Id"))
}

func presenceAndLength(r *http.Request) {
	if r.Header.Get("Authorization") != "" {
		log.Print("request is authenticated")
	}
	tok := r.Header.Get("Authorization")
	log.Printf("auth present=%t len=%d bearer=%t", tok != "", len(tok), strings.HasPrefix(tok, "Bearer "))
	slog.Info("auth", "len", len(tok))
}

func redactedClone(r *http.Request) {
	h := r.Header.Clone()
	for _, name := range []string{"Authorization", "Proxy-Authorization", "Cookie", "Set-Cookie", "X-Api-Key", "X-Auth-Token", "X-Amz-Security-Token", "X-Goog-Api-Key", "X-Vault-Token", "X-Consul-Token", "X-Nomad-Token", "Private-Token"} {
		h.Del(name)
	}
	log.Println(h)
}

func redactedCloneByName(r *http.Request) {
	h := r.Header.Clone()
	h.Del("authorization")
	h.Del("Proxy-Authorization")
	delete(h, "Cookie")
	h.Del("Set-Cookie")
	h.Del("X-API-KEY")
	h.Del("X-Auth-Token")
	h.Del("X-Amz-Security-Token")
	h.Del("X-Goog-Api-Key")
	h.Del("X-Vault-Token")
	h.Del("X-Consul-Token")
	h.Del("X-Nomad-Token")
	h.Del("Private-Token")
	slog.Info("headers", "h", h)
}

func redactedDump(r *http.Request) {
	c := r.Clone(r.Context())
	c.Header = make(http.Header)
	dump, _ := httputil.DumpRequest(c, false)
	log.Print(string(dump))
}

// credentialHeaders is every configured header, a constant list.
var credentialHeaders = [...]string{"Authorization", "Proxy-Authorization", "Cookie", "Set-Cookie", "X-Api-Key", "X-Auth-Token", "X-Amz-Security-Token", "X-Goog-Api-Key", "X-Vault-Token", "X-Consul-Token", "X-Nomad-Token", "Private-Token"}

func redactedRequestLiteral(r *http.Request) {
	log.Printf("%+v", func() *http.Request {
		c := r.Clone(r.Context())
		for _, k := range credentialHeaders {
			c.Header.Del(k)
		}
		return c
	}())
}

func settingHeaders(r *http.Request, tok string, w http.ResponseWriter) {
	r.Header.Set("Authorization", "Bearer "+tok)
	r.SetBasicAuth("user", tok)
	w.Header().Set("Set-Cookie", "session="+tok)
	http.SetCookie(w, &http.Cookie{Name: "session", Value: tok})
}

func methodURLStatus(r *http.Request, resp *http.Response, attempt int) {
	log.Printf("attempt %d: %s %s -> %d %s", attempt, r.Method, r.URL, resp.StatusCode, resp.Status)
}

func notALog(w http.ResponseWriter, r *http.Request, b *strings.Builder) {
	fmt.Fprintf(w, "echo %s", r.Header.Get("Authorization"))
	fmt.Fprintf(b, "%v", r.Header)
	_ = fmt.Sprintf("%s", r.Header.Get("Authorization"))
}

func typeAndPointerVerbs(r *http.Request) {
	log.Printf("%T %p %T", r, r.Header, r.Header.Get("Authorization"))
}

func userNameAndCookieName(r *http.Request) {
	user, _, _ := r.BasicAuth()
	c, err := r.Cookie("session")
	if err == nil {
		log.Printf("user %s cookie %s", user, c.Name)
	}
}

func mask(s string) string {
	if len(s) < 4 {
		return "****"
	}
	return s[:4] + "****"
}

func maskedPrefix(r *http.Request) {
	tok := r.Header.Get("X-Api-Key")
	if len(tok) > 4 {
		log.Printf("key %s...", tok[:4])
	}
}

func redactingHelper(r *http.Request) {
	log.Printf("auth=%s", mask(r.Header.Get("Authorization")))
}

func headerLoop(r *http.Request) {
	for k, v := range r.Header {
		if k == "Authorization" || k == "Cookie" {
			continue
		}
		log.Printf("%s: %v", k, v) // want `http.Header redacted in part \(Authorization, Cookie removed; may still hold Proxy-Authorization, Set-Cookie, X-Api-Key, X-Auth-Token, X-Amz-Security-Token, X-Goog-Api-Key, X-Vault-Token, X-Consul-Token, X-Nomad-Token and Private-Token\) reaches log.Printf`
	}
}

type printer struct{}

func (printer) Printf(format string, args ...any) {}

func lookalikeLogger(r *http.Request) {
	var p printer
	p.Printf("%s", r.Header.Get("Authorization"))
}

func deletedBeforeRead(r *http.Request) {
	r.Header.Del("Authorization")
	log.Print(r.Header.Get("Authorization"))
	log.Print(errors.New("no credentials"))
}
