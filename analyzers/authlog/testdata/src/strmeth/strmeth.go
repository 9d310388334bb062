// Package strmeth wraps its requests in a type of its own whose String
// method prints their fields: a log of such a request shows what its
// fields were given, headers included, unless the method redacts them.
package strmeth

import (
	"fmt"
	"log"
	"maps"
	"net/http"
	"sort"
	"strings"
)

// Request is the client's own request, built into an *http.Request later.
type Request struct {
	Method  string
	Path    string
	Headers map[string]string
}

func (r *Request) String() string { // want String:`authlog\(prints=f0,f1,f2\)`
	return fmt.Sprintf("%s %s %v", r.Method, r.Path, r.Headers) // want `Authorization and X-Api-Key header values reach the text of \(\*Request\)\.String, which log\.Printf prints`
}

// Call prints its header through a builder.
type Call struct {
	Path   string
	Header http.Header
}

func (c Call) String() string { // want String:`authlog\(prints=f0,f1\)`
	var b strings.Builder
	b.WriteString(c.Path)
	fmt.Fprintf(&b, " %v", c.Header) // want `http\.Header \(may hold .*\) reaches the text of \(Call\)\.String, which log\.Printf prints`
	return b.String()
}

// Line prints its method and path only.
type Line struct {
	Method  string
	Path    string
	Headers map[string]string
}

func (l *Line) String() string { return l.Method + " " + l.Path } // want String:`authlog\(prints=f0,f1\)`

// Cloned prints a copy of its headers without the credential.
type Cloned struct {
	Path    string
	Headers map[string]string
}

func (c *Cloned) String() string { // want String:`authlog\(prints=f0 redacts-fields\)`
	h := maps.Clone(c.Headers)
	delete(h, "Authorization")
	return fmt.Sprintf("%s %v", c.Path, h)
}

// Masked prints its headers with the values of the sensitive ones masked.
type Masked struct {
	Path    string
	Headers map[string]string
}

func (m *Masked) String() string { // want String:`authlog\(prints=f0 redacts-fields\)`
	out := make(map[string]string, len(m.Headers))
	for k, v := range m.Headers {
		if sensitive(k) {
			v = "***"
		}
		out[k] = v
	}
	return fmt.Sprintf("%s %v", m.Path, out)
}

func sensitive(k string) bool { return strings.HasPrefix(strings.ToLower(k), "auth") }

// Skipped leaves the credential header out as it prints.
type Skipped struct {
	Path    string
	Headers map[string]string
}

func (s *Skipped) String() string { // want String:`authlog\(prints=f0 redacts-fields\)`
	var b strings.Builder
	b.WriteString(s.Path)
	for k, v := range s.Headers {
		if strings.EqualFold(k, "authorization") {
			continue
		}
		b.WriteString(" " + k + "=" + v)
	}
	return b.String()
}

// Route prints one header, not the credential.
type Route struct {
	Path    string
	Headers map[string]string
}

func (r *Route) String() string { return r.Path + " " + r.Headers["Content-Type"] } // want String:`authlog\(prints=f0\)`

// Names prints the names of its headers, not their values.
type Names struct {
	Path    string
	Headers map[string]string
}

func (n *Names) String() string { // want String:`authlog\(prints=f0\)`
	var names []string
	for k := range n.Headers {
		names = append(names, k)
	}
	sort.Strings(names)
	return n.Path + " " + strings.Join(names, ",")
}

// Listed prints its headers through a helper.
type Listed struct {
	Path    string
	Headers map[string]string
}

func (l *Listed) String() string { return l.Path + "\n" + list(l.Headers) } // want String:`authlog\(prints=f0,f1\)`

func list(h map[string]string) string {
	var b strings.Builder
	for k, v := range h {
		b.WriteString(k + ": " + v + "\n")
	}
	return b.String()
}

// Generic is a generic request whose String method prints its headers.
type Generic[T any] struct {
	Path    string
	Headers map[string]string
	Body    T
}

func (g *Generic[T]) String() string { return fmt.Sprint(g.Path, g.Headers) } // want String:`authlog\(prints=f0,f1\)` `Authorization and X-Api-Key header values reach the text of \(\*Generic\[T\]\)\.String, which log\.Printf prints`

// StatusError is an error that prints its status, not its headers.
type StatusError struct {
	Status  int
	Headers map[string]string
}

func (e *StatusError) Error() string { return fmt.Sprintf("status %d", e.Status) } // want Error:`authlog\(prints=f0\)`

// HeadersError prints its headers.
type HeadersError struct {
	Status  int
	Headers map[string]string
}

func (e *HeadersError) Error() string { // want Error:`authlog\(prints=f0,f1\)`
	return fmt.Sprintf("status %d headers %v", e.Status, e.Headers)
}

// Attempt prints the request it holds, whatever the value: reported at
// the log once, as before, not again in the method.
type Attempt struct {
	N   int
	Req *http.Request
}

func (a *Attempt) String() string { return fmt.Sprintf("#%d %v", a.N, a.Req) } // want String:`authlog\(result0=request prints=f0,f1\)`

// Whole prints itself whole through a plain copy: which fields show is
// not known, and what the value was given counts as before.
type Whole struct {
	Path    string
	Headers map[string]string
}

func (w Whole) String() string {
	type plain Whole
	return w.Path + " " + fmt.Sprintf("%+v", plain(w))
}

// Nested prints the headers of its options.
type Options struct {
	Headers map[string]string
	Retries int
}

type Nested struct {
	Path string
	Opts Options
}

func (n *Nested) String() string { // want String:`authlog\(prints=f0,f1\)`
	return fmt.Sprintf("%s %v", n.Path, n.Opts.Headers)
}

// Counted prints the number of retries of its options, not their headers.
type Counted struct {
	Path string
	Opts *Options
}

func (c *Counted) String() string { return fmt.Sprintf("%s retries=%d", c.Path, c.Opts.Retries) } // want String:`authlog\(prints=f0\)`

// Keyed redacts its headers but prints its key whole.
type Keyed struct {
	Path    string
	Headers map[string]string
	Key     string
}

func (k *Keyed) String() string { // want String:`authlog\(prints=f0,f2 redacts-fields\)`
	h := maps.Clone(k.Headers)
	delete(h, "Authorization")
	return fmt.Sprintf("%s %v key=%s", k.Path, h, k.Key) // want `Authorization and X-Api-Key header values reach the text of \(\*Keyed\)\.String, which log\.Printf prints`
}

// Flagged redacts its headers and prints only whether it has a key.
type Flagged struct {
	Path    string
	Headers map[string]string
	Key     string
}

func (f *Flagged) String() string { // want String:`authlog\(prints=f0 redacts-fields\)`
	h := maps.Clone(f.Headers)
	delete(h, "Authorization")
	return fmt.Sprintf("%s %v keyed=%t", f.Path, h, f.Key != "")
}

// KeyError redacts its headers but prints its key whole.
type KeyError struct {
	Status  int
	Headers map[string]string
	Key     string
}

func (e *KeyError) Error() string { // want Error:`authlog\(prints=f2 redacts-fields\)`
	h := maps.Clone(e.Headers)
	delete(h, "Authorization")
	return fmt.Sprintf("status %d %v key=%s", e.Status, h, e.Key)
}

type Client struct {
	token string
	hc    *http.Client
}

func (c *Client) send(r *http.Request) {
	r.Header.Set("Authorization", "Bearer "+c.token)
	c.hc.Do(r)
}

// ---- must flag: in the method, which every log of the type prints ----

func (c *Client) logRequest(path string) {
	r := &Request{Method: "GET", Path: path, Headers: map[string]string{"Authorization": "Bearer " + c.token}}
	log.Printf("sending %s", r)
}

func (c *Client) logRequestInline(path string) {
	log.Println("sending", &Request{Method: "GET", Path: path, Headers: map[string]string{"X-Api-Key": c.token}})
}

func (c *Client) logCall(req *http.Request) {
	call := Call{Path: req.URL.Path, Header: req.Header}
	log.Printf("calling %v", call)
}

func (c *Client) logListed(path string) {
	l := &Listed{Path: path, Headers: map[string]string{"Authorization": "Bearer " + c.token}}
	log.Printf("sending %s", l) // want `Authorization and X-Api-Key header values reach log.Printf`
}

func (c *Client) logGeneric(path string) {
	log.Printf("sending %s", &Generic[int]{Path: path, Headers: map[string]string{"Authorization": "Bearer " + c.token}})
}

func (c *Client) logHeadersError(path string) {
	h := map[string]string{"Authorization": "Bearer " + c.token}
	log.Printf("failed: %v", &HeadersError{Status: 500, Headers: h}) // want `Authorization and X-Api-Key header values reach log.Printf`
}

func (c *Client) logAttempt(req *http.Request) {
	log.Printf("attempt %s", &Attempt{N: 1, Req: req}) // want `request formatted whole \(its Header may hold .*\) reaches log.Printf`
}

func (c *Client) logWhole(path string) {
	log.Printf("sending %s", Whole{Path: path, Headers: map[string]string{"Authorization": "Bearer " + c.token}}) // want `Authorization and X-Api-Key header values reach log.Printf`
}

func (c *Client) newRequest(path string) (*Request, error) {
	if path == "" {
		return nil, fmt.Errorf("no path")
	}
	return &Request{Method: "GET", Path: path, Headers: map[string]string{"Authorization": "Bearer " + c.token}}, nil
}

func (c *Client) logMade(path string) error {
	r, err := c.newRequest(path)
	if err != nil {
		return err
	}
	log.Printf("sending %s", r)
	return nil
}

func (c *Client) logNested(path string) {
	log.Printf("sending %s", &Nested{Path: path, Opts: Options{Headers: map[string]string{"Authorization": "Bearer " + c.token}}}) // want `Authorization and X-Api-Key header values reach log.Printf`
}

func (c *Client) logKeyed(path string) {
	log.Printf("sending %s", &Keyed{Path: path, Key: c.token})
}

func (c *Client) logKeyError() {
	log.Printf("failed: %v", &KeyError{Status: 500, Key: c.token}) // want `Authorization and X-Api-Key header values reach log.Printf`
}

func (c *Client) logLineGoSyntax(path string) {
	l := &Line{Method: "GET", Path: path, Headers: map[string]string{"Authorization": "Bearer " + c.token}}
	log.Printf("sending %#v", l) // want `Authorization and X-Api-Key header values reach log.Printf`
}

// ---- must stay silent ----

func (c *Client) newLine(path string) *Line {
	return &Line{Method: "GET", Path: path, Headers: map[string]string{"Authorization": "Bearer " + c.token}}
}

func (c *Client) logMadeLine(path string) {
	log.Printf("sending %s", c.newLine(path))
}

func (c *Client) logRoute(path string) {
	log.Printf("sending %s", &Route{Path: path, Headers: map[string]string{"Authorization": "Bearer " + c.token}})
}

func (c *Client) logNames(path string) {
	log.Printf("sending %s", &Names{Path: path, Headers: map[string]string{"Authorization": "Bearer " + c.token}})
}

func (c *Client) logStatusError(path string) {
	h := map[string]string{"Authorization": "Bearer " + c.token}
	var err error = &StatusError{Status: 500, Headers: h}
	log.Printf("failed: %v", err)
}

func (c *Client) logPlainHeaders(path string) {
	r := &Request{Method: "GET", Path: path, Headers: map[string]string{"Accept": "application/json"}}
	log.Printf("sending %s", r)
}

func (c *Client) logLine(path string) {
	l := &Line{Method: "GET", Path: path, Headers: map[string]string{"Authorization": "Bearer " + c.token}}
	log.Printf("sending %s", l)
}

func (c *Client) logCloned(path string) {
	r := &Cloned{Path: path, Headers: map[string]string{"Authorization": "Bearer " + c.token}}
	log.Printf("sending %s", r)
}

func (c *Client) logMasked(path string) {
	r := &Masked{Path: path, Headers: map[string]string{"Authorization": "Bearer " + c.token}}
	log.Printf("sending %s", r)
}

func (c *Client) logSkipped(path string) {
	r := &Skipped{Path: path, Headers: map[string]string{"Authorization": "Bearer " + c.token}}
	log.Printf("sending %s", r)
}

func (c *Client) logFields(path string) {
	r := &Request{Method: "GET", Path: path, Headers: map[string]string{"Authorization": "Bearer " + c.token}}
	log.Printf("sending %s %s", r.Method, r.Path)
}

func (c *Client) logCounted(path string) {
	log.Printf("sending %s", &Counted{Path: path, Opts: &Options{Headers: map[string]string{"Authorization": "Bearer " + c.token}, Retries: 3}})
}

func (c *Client) logFlagged(path string) {
	log.Printf("sending %s", &Flagged{Path: path, Key: c.token})
}
