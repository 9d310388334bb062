// Package eventfield logs through events and chained loggers that the
// code builds itself: one method stores what it is given in a field of
// its receiver, another writes that field to a log.
package eventfield

import (
	"fmt"
	"log"
	"net/http"
	"net/http/httputil"
	"os"
	"strings"

	"eventfield/zlog"
)

// dumpTransport dumps each request into a debug event of another
// package.
type dumpTransport struct{ next http.RoundTripper }

func (t dumpTransport) RoundTrip(req *http.Request) (*http.Response, error) {
	dl := zlog.Debug()
	if dump, err := httputil.DumpRequestOut(req, false); err == nil {
		dl = dl.Bytes("request", dump) // want `request dump \(includes every header\) reaches \(\*zlog.Event\).Bytes \(which passes it to fmt.Fprintf\)`
	}
	dl = dl.Str("method", req.Method)
	dl.Msg("http dump")
	return t.next.RoundTrip(req)
}

// chain is a logger that keeps metadata for its next message.
type chain struct {
	l    *log.Logger
	meta string
}

func (c *chain) Metadata(key string, val any) *chain { // want Metadata:`authlog\(sink=\(\*log.Logger\).Output values=p0,p1\)`
	formatted := fmt.Sprintf("%v", val)
	c.meta += key + "=" + formatted + ", "
	return c
}

func (c *chain) Log(msg ...any) { // want Log:`authlog\(sink=\(\*log.Logger\).Output values=p0\)`
	if c.meta != "" {
		parts := make([]any, len(msg)+1)
		parts[0] = "(" + strings.TrimSuffix(c.meta, ", ") + ") "
		copy(parts[1:], msg)
		msg = parts
	}
	c.l.Output(2, fmt.Sprint(msg...))
}

func traced(c *chain, req *http.Request) {
	c.Metadata("method", req.Method).
		Metadata("headers", req.Header). // want `http.Header \(may hold Authorization, Proxy-Authorization, ...\) reaches \(\*chain\).Metadata \(which passes it to \(\*log.Logger\).Output\)`
		Log("req")
}

// ---- must stay silent ----

// counted adds a number the event does not write.
func counted(req *http.Request) {
	zlog.Debug().Int("headers", len(req.Header)).Msg("counted")
}

// builder keeps the headers it sends: no method logs them.
type builder struct {
	hc      *http.Client
	headers http.Header
	trace   *log.Logger
}

func (b *builder) Header(h http.Header) *builder {
	b.headers = h
	return b
}

func (b *builder) Do(url string) (*http.Response, error) { // want Do:`authlog\(sink=\(\*log\.Logger\)\.Printf values=p0 sends=p0 result1<-p0\)`
	req, err := http.NewRequest(http.MethodGet, url, nil)
	if err != nil {
		return nil, err
	}
	req.Header = b.headers
	b.trace.Printf("GET %s (%d headers)", url, len(b.headers))
	return b.hc.Do(req)
}

func send(b *builder, req *http.Request) {
	resp, err := b.Header(req.Header.Clone()).Do("https://example.com")
	if err == nil {
		resp.Body.Close()
	}
}

// provider is a credential source; chain tries each in turn and logs the
// type of the ones that fail: what it stores is services, not text, and
// what it logs of them is their errors. Silent.
type provider interface {
	token() (string, error)
}

type debugLogger interface {
	Debug(format string, args ...any)
}

type chain2 struct {
	providers []provider
	logger    debugLogger
}

type credentials struct {
	AccessKeyID string
	SecretKey   string
}

type staticToken struct {
	creds credentials
}

func (s *staticToken) token() (string, error) { return "", fmt.Errorf("no token") }

func (c *chain2) add(p provider) {
	c.providers = append(c.providers, p)
}

func (c *chain2) first() string {
	for _, p := range c.providers {
		tok, err := p.token()
		if err != nil {
			c.logger.Debug("provider %T failed: %v", p, err)
			continue
		}
		return tok
	}
	return ""
}

func build(c *chain2, req *http.Request) {
	c.add(&staticToken{creds: credentials{AccessKeyID: "id", SecretKey: req.Header.Get("Authorization")}})
}

// entry is a logrus-shaped entry: WithField returns a new entry with the
// field added, and Error writes the fields.
type entry struct {
	data map[string]any
	ctx  map[string]any // kept for the caller, never written
}

func (e *entry) WithField(k string, v any) *entry { // want WithField:`authlog\(sink=fmt.Fprintln values=p1 result0<-p1\)`
	d := map[string]any{}
	for kk, vv := range e.data {
		d[kk] = vv
	}
	d[k] = v
	return &entry{data: d}
}

func (e *entry) WithContext(k string, v any) *entry { // want WithContext:`authlog\(result0<-p0,p1\)`
	return &entry{data: e.data, ctx: map[string]any{k: v}}
}

func (e *entry) Error(args ...any) { // want Error:`authlog\(sink=fmt.Fprintln values=p0\)`
	fmt.Fprintln(os.Stderr, append([]any{"level=error", e.data}, args...)...)
}

// std is the package-level logger whose WithField starts an entry.
type std struct{}

func (std) WithField(k string, v any) *entry { return &entry{data: map[string]any{k: v}} } // want WithField:`authlog\(sink=fmt.Fprintln values=p0,p1 result0<-p0,p1\)`

var logger std

func failed(r *http.Request, err error) {
	logger.WithField("headers", r.Header).Error(err) // want `http.Header \(may hold Authorization, Proxy-Authorization, ...\) reaches std.WithField \(which passes it to fmt.Fprintln\)`
	logger.WithField("path", r.URL.Path).Error(err)
	(&entry{}).WithContext("headers", r.Header).Error(err)
}

// oauthClient keeps the caller's configuration; a method logs its URL,
// not the whole configuration. Silent.
type oauthConfig struct {
	TokenURL     string
	ClientSecret string
}

type oauthClient struct {
	cfg *oauthConfig
	l   *log.Logger
}

func newOauthClient(cfg *oauthConfig, l *log.Logger) *oauthClient {
	return &oauthClient{cfg: cfg, l: l}
}

func (o *oauthClient) token() {
	o.l.Printf("requesting a token from %s", o.cfg.TokenURL)
}

func start(req *http.Request) {
	cfg := &oauthConfig{TokenURL: "https://example.com/token", ClientSecret: req.Header.Get("Authorization")}
	newOauthClient(cfg, log.Default()).token()
}

// tree is a type that holds itself: what its holder stores and logs is
// no text, and asking must end. Silent.
type tree []tree

type forest struct {
	items tree
	l     *log.Logger
}

func (h *forest) Add(x tree) { h.items = append(h.items, x) }

func (h *forest) Dump() { h.l.Printf("%v", h.items) }
