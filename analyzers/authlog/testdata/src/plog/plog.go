// Package plog: credentials that reach an SDK's own logging, by the
// roads its debug logging takes.
package plog

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"log"
	"net/http"
	"os"

	"ploglib"
)

type Client struct {
	hc    *http.Client
	log   ploglib.Logger
	fl    ploglib.FieldLogger
	cl    ploglib.CtxLogger
	out   io.Writer
	buf   bytes.Buffer
	debug bool
	token string
}

func (c *Client) newRequest(url string) *http.Request {
	r, _ := http.NewRequest("GET", url, nil)
	r.Header.Set("Authorization", "Bearer "+c.token)
	return r
}

// Must flag: fields of a project logger's context method.
func (c *Client) withFields(url string) {
	r := c.newRequest(url)
	c.log.WithFields(ploglib.Fields{"method": r.Method, "headers": r.Header}).Debug("request") // want `http.Header \(may hold`
	c.hc.Do(r)
}

// Must flag: the token given to WithField.
func (c *Client) withField() {
	c.log.WithField("token", c.token).Info("authenticated") // want `Authorization header value reaches ploglib.Logger.WithField`
}

// Must stay silent: fields that hold no credential.
func (c *Client) withFieldsSafe(url string) {
	r := c.newRequest(url)
	c.log.WithFields(ploglib.Fields{"method": r.Method, "url": r.URL.Redacted()}).Debug("request")
	c.log.WithField("token_len", len(c.token)).Info("authenticated")
	c.hc.Do(r)
}

// Must flag: through a helper of another package whose fact says it logs
// the header.
func (c *Client) viaHelper(url string) {
	r := c.newRequest(url)
	ploglib.LogHeaders(c.log, r.Header) // want `http.Header \(may hold`
	c.hc.Do(r)
}

// Must stay silent: the helper that logs the method alone.
func (c *Client) viaSafeHelper(url string) {
	r := c.newRequest(url)
	ploglib.LogMethod(c.log, r)
	c.hc.Do(r)
}

// Must flag: a typed field made by the SDK's helper, and a field map of
// a context logger.
func (c *Client) typedFields(ctx context.Context, url string) {
	r := c.newRequest(url)
	c.fl.Debug("request", ploglib.F("authorization", r.Header.Get("Authorization"))) // want `Authorization header value reaches ploglib.FieldLogger.Debug`

	c.cl.Debug(ctx, "sending request", map[string]any{"headers": r.Header}) // want `http.Header \(may hold`
	c.hc.Do(r)
}

// Must stay silent: fields of the method and the URL.
func (c *Client) typedFieldsSafe(ctx context.Context, url string) {
	r := c.newRequest(url)
	c.fl.Debug("request", ploglib.F("method", r.Method))
	c.cl.Trace(ctx, "sending request", map[string]any{"url": r.URL.String()})
	c.hc.Do(r)
}

// API is a client's interface: its With returns a client, not a logger,
// and it has no logging method.
type API interface {
	With(opts ...any) API
	Get(url string) (*http.Response, error)
}

// Must stay silent: With of something that does not log.
func (c *Client) notAContextMethod(api API, r *http.Request) {
	api.With(r.Header.Get("Authorization"))
}

// debugf is the client's own debug log: it writes to the writer the
// client holds when debugging is on.
func (c *Client) debugf(format string, args ...any) {
	if c.debug {
		fmt.Fprintf(c.out, format+"\n", args...)
	}
}

// Must flag: the header through the client's debugf.
func (c *Client) ownDebugf(url string) {
	r := c.newRequest(url)
	for name, values := range r.Header {
		c.debugf("%s: %v", name, values) // want `http.Header \(may hold`
	}
	c.hc.Do(r)
}

// tracef writes into a buffer the client keeps, which is no log.
func (c *Client) tracef(format string, args ...any) {
	fmt.Fprintf(&c.buf, format, args...)
}

// Must stay silent: text kept in memory.
func (c *Client) ownTracef(r *http.Request) {
	c.tracef("%s", r.Header.Get("Authorization"))
}

// gen writes Go source: printf is no level of a log.
type gen struct{ w io.Writer }

func (g *gen) printf(format string, args ...any) { fmt.Fprintf(g.w, format, args...) }

// Must stay silent: a code generator's printf.
func generate(g *gen, r *http.Request) {
	g.printf("// %s\n", r.Header.Get("Authorization"))
}

// Must flag: a request, and a header, written to standard error.
func (c *Client) writeRequest(url string) {
	r := c.newRequest(url)
	if c.debug {
		r.Write(os.Stderr) // want `request formatted whole`

		r.Header.Write(os.Stderr) // want `http.Header \(may hold`
	}
	c.hc.Do(r)
}

// Must stay silent: a subset without the credentials, the response, a
// buffer that is never logged.
func (c *Client) writeRequestSafe(w http.ResponseWriter, url string) {
	r := c.newRequest(url)
	r.Header.WriteSubset(os.Stderr, map[string]bool{"Authorization": true, "Proxy-Authorization": true, "Cookie": true})
	r.Header.Write(w)
	var b bytes.Buffer
	r.Write(&b)
	c.hc.Do(r)
}

// Options of the client: AccessToken is a secret.
type Options struct {
	BaseURL     string
	AccessToken string // want `Options.AccessToken holds a secret, and a log prints Options whole`
}

// Must flag: options formatted first, logged after.
func logOptions(o Options) {
	msg := fmt.Sprintf("options: %+v", o)
	log.Print(msg)
}

// Credentials are formatted into an error that is logged.
type Credentials struct {
	User     string
	Password string // want `Credentials.Password holds a secret, and a log prints Credentials whole`
}

// Must flag: the struct formatted into an error's text, logged.
func logLoginError(cr Credentials) {
	log.Print(fmt.Errorf("login failed for %+v", cr))
}

// Settings has a secret too, printed by its type alone.
type Settings struct {
	Endpoint string
	APIKey   string
}

// Must stay silent: %T shows no field.
func logSettingsType(s Settings) {
	log.Print(fmt.Sprintf("settings of type %T", s))
}

// mask shows the last four characters of a secret at most.
func mask(s string) string {
	if len(s) <= 4 {
		return "****"
	}
	return "****" + s[len(s)-4:]
}

// Must stay silent: the token masked.
func (c *Client) maskedToken() {
	c.log.Info("using token ", mask(c.token))
}

// weak returns a short secret whole: no mask.
func weak(s string) string {
	if len(s) <= 4 {
		return s
	}
	return "****" + s[len(s)-4:]
}

// Must flag: a helper that returns the token whole on a path.
func (c *Client) weaklyMaskedToken() {
	c.log.Info("using token ", weak(c.token)) // want `Authorization header value reaches ploglib.Logger.Info`
}

// apiRequest is the SDK's request: it carries the token it is sent with.
type apiRequest struct {
	Method string
	Path   string
	Token  string // want `apiRequest.Token holds a secret, and a log prints apiRequest whole`
}

// Must flag: a struct whose field the package sends as the Authorization
// header, printed whole.
func (c *Client) send(ar *apiRequest) {
	r, _ := http.NewRequest(ar.Method, ar.Path, nil)
	r.Header.Set("Authorization", "Bearer "+ar.Token)
	if c.debug {
		log.Printf("api request: %+v", ar)
	}
	c.hc.Do(r)
}

// pageRequest's Token is a page token, sent in the query.
type pageRequest struct {
	Path  string
	Token string
}

// Must stay silent: no header is made of the page token.
func (c *Client) page(pr *pageRequest) {
	log.Printf("page request: %+v", pr)
	r, _ := http.NewRequest("GET", pr.Path+"?page_token="+pr.Token, nil)
	c.hc.Do(r)
}
