package dumpfield

import (
	"log"
	"net/http"
	"net/http/httputil"
)

// A client that keeps the dump of its last request and logs it from
// another method when a call fails.

type tracer struct {
	last []byte
}

func (t *tracer) capture(req *http.Request) {
	t.last, _ = httputil.DumpRequestOut(req, true)
}

func (t *tracer) report() {
	log.Printf("last request:\n%s", t.last) // want `request dump \(includes every header\) reaches log.Printf`
}

type Client struct {
	hc      *http.Client
	lastReq string
}

func (c *Client) record(req *http.Request) {
	b, _ := httputil.DumpRequestOut(req, false)
	c.lastReq = string(b)
}

func (c *Client) fail(err error) {
	log.Printf("call failed: %v; request was:\n%s", err, c.lastReq) // want `request dump \(includes every header\) reaches log.Printf`
}

func (c *Client) debugLast() {
	text := "request:\n" + c.lastReq
	log.Print(text) // want `request dump \(includes every header\) reaches log.Print`
}

type failure struct {
	status int
	dump   string
}

func newFailure(req *http.Request, status int) *failure {
	b, _ := httputil.DumpRequest(req, false)
	return &failure{status: status, dump: string(b)}
}

func logFailure(f *failure) {
	log.Println(f.status, f.dump) // want `request dump \(includes every header\) reaches log.Println`
}

// Silent: the field holds a redacted dump, is only measured, or holds a
// dump of a request without credentials; a field of the same name of
// another type holds none.

type safeTracer struct {
	last []byte
	size []byte
}

func (t *safeTracer) capture(req *http.Request) {
	r := req.Clone(req.Context())
	for _, h := range []string{"Authorization", "Proxy-Authorization", "Cookie", "Set-Cookie", "X-Api-Key", "X-Auth-Token", "X-Amz-Security-Token", "X-Goog-Api-Key", "X-Vault-Token", "X-Consul-Token", "X-Nomad-Token", "Private-Token"} {
		r.Header.Del(h)
	}
	t.last, _ = httputil.DumpRequestOut(r, false)
	t.size, _ = httputil.DumpRequestOut(req, false)
}

func (t *safeTracer) report() {
	log.Printf("last request:\n%s (%d bytes)", t.last, len(t.size))
}

type healthProbe struct {
	dump []byte
}

func (p *healthProbe) run(url string) {
	req, _ := http.NewRequest("GET", url, nil)
	req.Header.Set("Accept", "text/plain")
	p.dump, _ = httputil.DumpRequestOut(req, false)
}

func (p *healthProbe) report() {
	log.Printf("probe:\n%s", p.dump)
}

type other struct {
	last []byte
}

func (o *other) report() {
	log.Printf("%s", o.last)
}
