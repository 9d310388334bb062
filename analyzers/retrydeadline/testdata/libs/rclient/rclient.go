// Package rclient holds go-retryablehttp clients with a Timeout on the
// HTTPClient they retry through: a bound on each attempt only.
package rclient

import (
	"context"
	"net"
	"net/http"
	"time"

	"github.com/hashicorp/go-retryablehttp"
)

// ---- a StandardClient that keeps the caller's Timeout per attempt ----

type Client struct {
	HTTPClient *http.Client
}

func New(httpClient *http.Client) *Client {
	c := &Client{HTTPClient: httpClient}
	rc := retryablehttp.NewClient()
	rc.HTTPClient.Timeout = c.HTTPClient.Timeout // want `HTTPClient Timeout of a retrying retryablehttp.Client bounds each attempt, not the call`
	c.HTTPClient = rc.StandardClient()
	return c
}

func (c *Client) Do(req *http.Request) (*http.Response, error) {
	return c.HTTPClient.Do(req)
}

// ---- a client literal handed in as the HTTPClient, sent through Do ----

type Vultr struct {
	client *retryablehttp.Client
}

func NewVultr(httpClient *http.Client) *Vultr {
	if httpClient == nil {
		httpClient = &http.Client{
			Transport: &http.Transport{DialContext: (&net.Dialer{Timeout: 30 * time.Second}).DialContext},
			Timeout:   60 * time.Second, // want `HTTPClient Timeout of a retrying retryablehttp.Client bounds each attempt`
		}
	}
	v := &Vultr{client: retryablehttp.NewClient()}
	v.client.HTTPClient = httpClient
	v.client.RetryMax = 3
	return v
}

func (v *Vultr) DoWithContext(ctx context.Context, r *http.Request) (*http.Response, error) {
	rreq, err := retryablehttp.FromRequest(r)
	if err != nil {
		return nil, err
	}
	rreq = rreq.WithContext(ctx)
	return v.client.Do(rreq)
}

// ---- the address of a local http.Client value, its Timeout set in the
// literal or by an assignment ----

type NR struct{ client *retryablehttp.Client }

func NewNR(timeout *time.Duration) NR {
	c := http.Client{
		Timeout: 30 * time.Second,
	}
	if timeout != nil {
		c.Timeout = *timeout // want `HTTPClient Timeout of a retrying retryablehttp.Client bounds each attempt`
	}
	r := retryablehttp.NewClient()
	r.HTTPClient = &c
	r.RetryMax = 3
	return NR{client: r}
}

func (n *NR) do(req *retryablehttp.Request) (*http.Response, error) {
	return n.client.Do(req)
}

type assigned struct{ rc *retryablehttp.Client }

func newAssigned() *assigned {
	var hc http.Client
	hc.Timeout = 20 * time.Second // want `HTTPClient Timeout of a retrying retryablehttp.Client bounds each attempt`
	a := &assigned{rc: retryablehttp.NewClient()}
	a.rc.HTTPClient = &hc
	return a
}

func (a *assigned) do(req *retryablehttp.Request) (*http.Response, error) { return a.rc.Do(req) }

// ---- must stay silent ----

// No retries: the Timeout bounds the one attempt, which is the call.
type once struct{ rc *retryablehttp.Client }

func newOnce() *once {
	o := &once{rc: retryablehttp.NewClient()}
	o.rc.RetryMax = 0
	o.rc.HTTPClient.Timeout = 10 * time.Second
	return o
}

func (o *once) do(req *retryablehttp.Request) (*http.Response, error) { return o.rc.Do(req) }

// A Timeout on the StandardClient bounds the whole call.
type bounded struct{ hc *http.Client }

func newBounded() *bounded {
	rc := retryablehttp.NewClient()
	rc.HTTPClient.Timeout = 10 * time.Second
	hc := rc.StandardClient()
	hc.Timeout = 30 * time.Second
	return &bounded{hc: hc}
}

func (b *bounded) do(req *http.Request) (*http.Response, error) { return b.hc.Do(req) } // want do:`sendsreq\(param 0, 30s, recv.hc.Timeout\)`

// A deadline on the request's context over the retries.
type deadline struct{ rc *retryablehttp.Client }

func newDeadline() *deadline {
	d := &deadline{rc: retryablehttp.NewClient()}
	d.rc.HTTPClient.Timeout = 10 * time.Second
	return d
}

func (d *deadline) do(ctx context.Context, req *retryablehttp.Request) (*http.Response, error) {
	ctx, cancel := context.WithTimeout(ctx, time.Minute)
	defer cancel()
	return d.rc.Do(req.WithContext(ctx))
}

// No Timeout at all.
type plain struct{ rc *retryablehttp.Client }

func newPlain() *plain { return &plain{rc: retryablehttp.NewClient()} }

func (p *plain) do(req *retryablehttp.Request) (*http.Response, error) { return p.rc.Do(req) }

// The address of a local http.Client with no Timeout.
type local struct{ rc *retryablehttp.Client }

func newLocal() *local {
	hc := http.Client{Transport: http.DefaultTransport}
	l := &local{rc: retryablehttp.NewClient()}
	l.rc.HTTPClient = &hc
	return l
}

func (l *local) do(req *retryablehttp.Request) (*http.Response, error) { return l.rc.Do(req) }

// ---- a StandardClient made where it is stored (a field of a literal) ----

type holder struct{ hc *http.Client }

func newHolder() *holder {
	rc := retryablehttp.NewClient()
	rc.HTTPClient = &http.Client{Timeout: 20 * time.Second} // want `HTTPClient Timeout of a retrying retryablehttp.Client bounds each attempt, not the call`
	return &holder{hc: rc.StandardClient()}
}

func (h *holder) get(req *http.Request) (*http.Response, error) { return h.hc.Do(req) }

// The same with retries switched off: one attempt, which the Timeout
// bounds.
type onceHolder struct{ hc *http.Client }

func newOnceHolder() *onceHolder {
	rc := retryablehttp.NewClient()
	rc.RetryMax = 0
	rc.HTTPClient = &http.Client{Timeout: 20 * time.Second}
	return &onceHolder{hc: rc.StandardClient()}
}

func (h *onceHolder) get(req *http.Request) (*http.Response, error) { return h.hc.Do(req) }
