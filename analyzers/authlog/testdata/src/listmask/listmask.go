// Package listmask prints requests through a header printer whose
// redaction list its callers hand it, and sends an SDK token header of its
// own.
package listmask

import (
	"bytes"
	"fmt"
	"io"
	"log"
	"net/http"
	"slices"
	"sort"
	"strings"
)

const tokenHeader = "X-Shop-Access-Token"

type Client struct {
	token, key string
	Logger     *log.Logger
	Redact     []string
}

func (c *Client) prepare(req *http.Request) {
	req.Header.Set(tokenHeader, c.token)
	req.Header.Set("X-Api-Key", c.key)
	req.Header.Set("Idempotency-Key", "k-1")
	req.Header.Set("X-Continuation-Token", "page-2")
}

// WriteRequest writes the headers of req to w, the values of those named
// in filter replaced (a write error ends it).
func WriteRequest(w io.Writer, req *http.Request, filter []string) error { // want WriteRequest:"authlog\\(listmask\\(p2\\) p0<-header\\)"
	skip := make(map[string]bool, len(filter))
	for _, f := range filter {
		skip[http.CanonicalHeaderKey(f)] = true
	}
	keys := make([]string, 0, len(req.Header))
	for k := range req.Header {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		v := strings.Join(req.Header[k], ", ")
		if skip[k] {
			v = "[FILTERED]"
		}
		if _, err := fmt.Fprintf(w, "%s: %s\n", k, v); err != nil {
			return err
		}
	}
	return nil
}

// formatSkipping leaves out the headers listed: it returns the text.
func formatSkipping(h http.Header, leave []string) string {
	var b strings.Builder
	for k, vs := range h {
		if slices.Contains(leave, k) {
			continue
		}
		fmt.Fprintf(&b, "%s=%v ", k, vs)
	}
	return b.String()
}

// debug filters Authorization and Cookie only: the token and key headers
// the package sends are written.
func (c *Client) debug(req *http.Request) {
	var buf bytes.Buffer
	if err := WriteRequest(&buf, req, []string{"Authorization", "Cookie"}); err == nil { // want `request formatted whole \(its Header may hold Authorization, Proxy-Authorization, ...\) reaches \(\*log.Logger\).Printf`
		c.Logger.Printf("request:\n%s", buf.String())
	}
}

// debugAll filters every credential the package sends: silent.
func (c *Client) debugAll(req *http.Request) {
	var buf bytes.Buffer
	if err := WriteRequest(&buf, req, []string{"Authorization", "X-Api-Key", tokenHeader}); err == nil {
		c.Logger.Printf("request:\n%s", buf.String())
	}
}

// debugNil filters nothing.
func (c *Client) debugNil(req *http.Request) {
	var buf bytes.Buffer
	if err := WriteRequest(&buf, req, nil); err == nil { // want `request formatted whole \(its Header may hold Authorization, Proxy-Authorization, ...\) reaches \(\*log.Logger\).Printf`
		c.Logger.Printf("request:\n%s", buf.String())
	}
}

// debugConfigured filters what the user configured: taken to be right
// (silent).
func (c *Client) debugConfigured(req *http.Request, filter []string) {
	var buf bytes.Buffer
	if err := WriteRequest(&buf, req, filter); err == nil {
		c.Logger.Printf("request:\n%s", buf.String())
	}
}

var defaultSkip = []string{"Authorization"}

// trace leaves out Authorization only, by a list of the package's.
func (c *Client) trace(req *http.Request) {
	c.Logger.Printf("headers: %s", formatSkipping(req.Header, defaultSkip)) // want `http.Header \(may hold Authorization, Proxy-Authorization, ...\) reaches \(\*log.Logger\).Printf`
}

// traceField leaves out what the field lists, which the package fills
// with every credential it sends: silent.
func (c *Client) traceField(req *http.Request) {
	c.Logger.Printf("headers: %s", formatSkipping(req.Header, c.Redact))
}

func New() *Client {
	return &Client{Redact: []string{"X-Api-Key", "X-Shop-Access-Token", "Authorization"}}
}

// token logs the SDK's own token header, read back by its name.
func (c *Client) token2(req *http.Request) {
	c.Logger.Printf("%s=%s", tokenHeader, req.Header.Get(tokenHeader)) // want `X-Shop-Access-Token header value reaches \(\*log.Logger\).Printf`
	c.Logger.Printf("idempotency key %s, page %s", req.Header.Get("Idempotency-Key"), req.Header.Get("X-Continuation-Token"))
}

// login logs the token the server issues in its response, and the
// response's request id (silent).
func (c *Client) login(resp *http.Response) {
	tok := resp.Header.Get("X-Subject-Token")
	c.Logger.Printf("new token %s", tok) // want `X-Subject-Token header value reaches \(\*log.Logger\).Printf`
	c.Logger.Printf("request %s", resp.Header.Get("X-Request-Id"))
}

// logHeaders logs itself, by the list its caller hands it: the list is
// taken to be right (silent).
func logHeaders(req *http.Request, redact []string) {
	for k, vs := range req.Header {
		if slices.Contains(redact, k) {
			continue
		}
		log.Printf("%s: %v", k, vs)
	}
}

func (c *Client) logAll(req *http.Request) {
	logHeaders(req, []string{"Authorization", "X-Api-Key", tokenHeader})
}

// dumpAll filters its loop by the caller's list but prints the header
// whole too: every call prints every credential.
func dumpAll(w io.Writer, req *http.Request, filter []string) {
	for k, vs := range req.Header {
		if slices.Contains(filter, k) {
			continue
		}
		fmt.Fprintln(w, k, vs)
	}
	fmt.Fprintf(w, "all: %v\n", req.Header)
}

func (c *Client) dumpEverything(req *http.Request) {
	var buf bytes.Buffer
	dumpAll(&buf, req, []string{"Authorization", "X-Api-Key", tokenHeader}) // want `request formatted whole \(its Header may hold Authorization, Proxy-Authorization, ...\) reaches \(\*log.Logger\).Print`
	c.Logger.Print(buf.String())
}

// responseHeaders returns a response's headers but Set-Cookie, its one
// credential: silent where it is logged.
func responseHeaders(resp *http.Response) string {
	var b strings.Builder
	for k, vs := range resp.Header {
		if k == "Set-Cookie" {
			continue
		}
		fmt.Fprintf(&b, "%s: %v\n", k, vs)
	}
	return b.String()
}

func (c *Client) traceResponse(resp *http.Response) {
	c.Logger.Print(responseHeaders(resp))
}

// traceLower hands a list spelled in lower case to a printer that
// compares it with the header's canonical keys as they are: it leaves
// nothing out.
func (c *Client) traceLower(req *http.Request) {
	c.Logger.Printf("headers: %s", formatSkipping(req.Header, []string{"authorization", "x-api-key", "x-shop-access-token"})) // want `http.Header \(may hold Authorization, Proxy-Authorization, ...\) reaches \(\*log.Logger\).Printf`
}

func validName(k string) error {
	if k == "Authorization" || k == "X-Api-Key" || k == tokenHeader {
		return fmt.Errorf("not logged: %s", k)
	}
	return nil
}

// logValid checks each entry with an error of its own making and skips
// those it rejects: a filter, not a write's error check (silent).
func logValid(req *http.Request) {
	for k, vs := range req.Header {
		if err := validName(k); err != nil {
			continue
		}
		log.Printf("%s: %v", k, vs)
	}
}
