// Package writedump holds requests, responses and headers written into a
// buffer, and text composed in one, that is then logged.
package writedump

import (
	"bytes"
	"fmt"
	"io"
	"log"
	"net/http"
	"strings"
)

func logRequest(r *http.Request) {
	var b bytes.Buffer
	if err := r.Write(&b); err != nil {
		return
	}
	log.Printf("request: %s", b.String()) // want `request dump \(includes every header\) reaches log.Printf`
}

func logResponse(resp *http.Response) {
	b := &bytes.Buffer{}
	_ = resp.Write(b)
	log.Print(b.String()) // want `response dump \(includes every header\) reaches log.Print`
}

// Silent: every configured header is deleted before the dump.
func logRedacted(r *http.Request) {
	for _, name := range []string{"Authorization", "Proxy-Authorization", "Cookie", "Set-Cookie", "X-Api-Key", "X-Auth-Token", "X-Amz-Security-Token", "X-Goog-Api-Key", "X-Vault-Token", "X-Consul-Token", "X-Nomad-Token", "Private-Token"} {
		r.Header.Del(name)
	}
	var b bytes.Buffer
	_ = r.Write(&b)
	log.Print(b.String())
}

// Deleting Authorization alone leaves the cookies in the dump.
func logPartlyRedacted(r *http.Request) {
	r.Header.Del("Authorization")
	var b bytes.Buffer
	_ = r.Write(&b)
	log.Print(b.String()) // want `request dump of a request redacted in part \(Authorization removed; may still hold Proxy-Authorization, Cookie, Set-Cookie, X-Api-Key, X-Auth-Token, X-Amz-Security-Token, X-Goog-Api-Key, X-Vault-Token, X-Consul-Token, X-Nomad-Token and Private-Token\) reaches log.Print`
}

// Silent: the response's Header is a redacted clone.
func logRedactedResponse(resp *http.Response) {
	copied := *resp
	copied.Header = resp.Header.Clone()
	copied.Header.Del("Set-Cookie")
	var b bytes.Buffer
	_ = copied.Write(&b)
	log.Print(b.String())
}

// Silent: the request goes to the connection, not to a log.
func send(r *http.Request, conn io.Writer) error {
	return r.Write(conn)
}

// Silent: the dump stays in the buffer; only its length is logged.
func size(r *http.Request) {
	var b bytes.Buffer
	_ = r.Write(&b)
	log.Printf("request of %d bytes", b.Len())
}

func logHeader(r *http.Request) {
	var sb strings.Builder
	_ = r.Header.Write(&sb) // want `http.Header \(may hold Authorization, Proxy-Authorization, ...\) reaches log.Println`
	log.Println(sb.String())
}

// Silent: WriteSubset leaves the credential out.
func logSubset(r *http.Request) {
	var sb strings.Builder
	_ = r.Header.WriteSubset(&sb, map[string]bool{"Authorization": true, "Cookie": true})
	log.Println(sb.String())
}

func logSubsetOther(r *http.Request) {
	var sb strings.Builder
	_ = r.Header.WriteSubset(&sb, map[string]bool{"Accept": true}) // want `http.Header \(may hold .*\) reaches log.Println`
	log.Println(sb.String())
}

func composed(r *http.Request) {
	b := &bytes.Buffer{}
	fmt.Fprintf(b, "auth=%s\n", r.Header.Get("Authorization")) // want `Authorization header value reaches log.Print`
	log.Print(b.String())
}

func built(r *http.Request) {
	var sb strings.Builder
	sb.WriteString("token: ")
	sb.WriteString(r.Header.Get("X-Api-Key")) // want `X-Api-Key header value reaches log.Print`
	log.Print(sb.String())
}

// Silent: only the method and the URL go into the buffer.
func composedSafe(r *http.Request) {
	b := &bytes.Buffer{}
	fmt.Fprintf(b, "%s %s\n", r.Method, r.URL.Redacted())
	log.Print(b.String())
}

// Silent: %p prints the request's address and %T its type.
func composedPtr(r *http.Request) {
	var sb strings.Builder
	fmt.Fprintf(&sb, "%p %T", r, r.Header)
	log.Print(sb.String())
}
