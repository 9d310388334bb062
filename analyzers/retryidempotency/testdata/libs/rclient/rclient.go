// Package rclient holds go-retryablehttp clients that an API package
// configures in a constructor and sends every request through, whatever
// its method.
package rclient

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
	"strings"
	"time"

	"github.com/hashicorp/go-retryablehttp"
)

// ---- a StandardClient kept in a field, a policy that adds to the default ----

type Client struct {
	HTTPClient *http.Client
	BaseURL    string
}

func New(httpClient *http.Client, retryMax int) *Client {
	c := &Client{HTTPClient: httpClient, BaseURL: "https://api.example.com/"}
	if retryMax > 0 {
		rc := retryablehttp.NewClient() // want `retryablehttp.Client retries transport errors and 5xx with its CheckRetry, whatever the method, and requests of any method are sent through it without an idempotency key`
		rc.RetryMax = retryMax
		rc.HTTPClient.Timeout = c.HTTPClient.Timeout
		rc.CheckRetry = func(ctx context.Context, resp *http.Response, err error) (bool, error) {
			if err != nil && strings.Contains(err.Error(), "INTERNAL_ERROR") {
				return true, nil
			}
			return retryablehttp.DefaultRetryPolicy(ctx, resp, err)
		}
		c.HTTPClient = rc.StandardClient()
	}
	return c
}

func (c *Client) NewRequest(ctx context.Context, method, path string, body any) (*http.Request, error) { // want NewRequest:`method\(param 1\)`
	buf := new(bytes.Buffer)
	if body != nil {
		if err := json.NewEncoder(buf).Encode(body); err != nil {
			return nil, err
		}
	}
	return http.NewRequestWithContext(ctx, method, c.BaseURL+path, buf)
}

func (c *Client) Do(ctx context.Context, req *http.Request) (*http.Response, error) { // want Do:`sends\(param 1\)`
	return doWith(ctx, c.HTTPClient, req)
}

func doWith(ctx context.Context, hc *http.Client, req *http.Request) (*http.Response, error) {
	return hc.Do(req.WithContext(ctx))
}

func (c *Client) CreateDroplet(ctx context.Context, name string) error { // want CreateDroplet:`write\(POST\)`
	req, err := c.NewRequest(ctx, http.MethodPost, "droplets", map[string]string{"name": name})
	if err != nil {
		return err
	}
	resp, err := c.Do(ctx, req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// ---- the client in a struct literal, configured by a setter ----

type Vultr struct {
	client *retryablehttp.Client
}

func NewVultr() *Vultr {
	v := &Vultr{
		client: retryablehttp.NewClient(), // want `retryablehttp.Client retries transport errors and 5xx with the default CheckRetry`
	}
	v.client.Logger = nil
	v.SetRetryLimit(3)
	return v
}

func (v *Vultr) SetRetryLimit(n int) { v.client.RetryMax = n }

func (v *Vultr) DoWithContext(ctx context.Context, r *http.Request) (*http.Response, error) {
	rreq, err := retryablehttp.FromRequest(r)
	if err != nil {
		return nil, err
	}
	return v.client.Do(rreq.WithContext(ctx))
}

func (v *Vultr) Create(ctx context.Context, body []byte) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, "https://api.example.com/instances", bytes.NewReader(body))
	if err != nil {
		return err
	}
	resp, err := v.DoWithContext(ctx, req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// ---- a Client literal with a policy method behind a setting ----

type TFE struct {
	http              *retryablehttp.Client
	retryServerErrors bool
}

type clientRequest struct {
	req  *retryablehttp.Request
	http *retryablehttp.Client
}

func NewTFE(retry bool) *TFE {
	t := &TFE{retryServerErrors: retry}
	t.http = &retryablehttp.Client{ // want `retryablehttp.Client retries transport errors and 5xx with its CheckRetry \(when its setting allows\)`
		CheckRetry:   t.retryHTTPCheck,
		Backoff:      retryablehttp.DefaultBackoff,
		HTTPClient:   http.DefaultClient,
		RetryWaitMin: 100 * time.Millisecond,
		RetryWaitMax: 400 * time.Millisecond,
		RetryMax:     30,
	}
	return t
}

func (t *TFE) retryHTTPCheck(ctx context.Context, resp *http.Response, err error) (bool, error) { // want retryHTTPCheck:"predicate\\(transport=\\? 200=false 201=false 202=false 204=false\\)"
	if ctx.Err() != nil {
		return false, ctx.Err()
	}
	if err != nil {
		return t.retryServerErrors, err
	}
	if resp.StatusCode == 429 || (t.retryServerErrors && resp.StatusCode >= 500) {
		return true, nil
	}
	return false, nil
}

func (t *TFE) NewRequest(method, url string, body any) (*clientRequest, error) {
	req, err := retryablehttp.NewRequest(method, url, body)
	if err != nil {
		return nil, err
	}
	return &clientRequest{req: req, http: t.http}, nil
}

func (r *clientRequest) Do(ctx context.Context) error {
	resp, err := r.http.Do(r.req.WithContext(ctx))
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// ---- a policy literal that retries every transport error ----

type Genie struct {
	RetryableClient *retryablehttp.Client
}

type genieRequest struct {
	*retryablehttp.Request
}

func NewGenie(count int) *Genie {
	g := &Genie{RetryableClient: retryablehttp.NewClient()} // want `retryablehttp.Client retries transport errors and 5xx with its CheckRetry, whatever`
	g.RetryableClient.CheckRetry = func(ctx context.Context, resp *http.Response, err error) (bool, error) {
		if err != nil {
			return true, err
		}
		if resp.StatusCode == 0 || (resp.StatusCode >= 500 && resp.StatusCode != 501) {
			return true, nil
		}
		return false, nil
	}
	if count != 0 {
		g.RetryableClient.RetryMax = count
	} else {
		g.RetryableClient.RetryMax = 4
	}
	return g
}

type APIRequest interface{ Method() string }

func (g *Genie) build(r APIRequest) (*genieRequest, error) {
	req, err := retryablehttp.NewRequest(r.Method(), "https://api.example.com/v2/alerts", nil)
	if err != nil {
		return nil, err
	}
	return &genieRequest{req}, nil
}

func (g *Genie) do(r *genieRequest) (*http.Response, error) {
	return g.RetryableClient.Do(r.Request)
}

func (g *Genie) Exec(r APIRequest) error {
	req, err := g.build(r)
	if err != nil {
		return err
	}
	resp, err := g.do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// ---- a client parameter bound to a retrying client ----

func post(rc *retryablehttp.Client, url string, body []byte) error {
	req, err := retryablehttp.NewRequest(http.MethodPost, url, body)
	if err != nil {
		return err
	}
	resp, err := rc.Do(req) // want `POST is sent through a retrying retryablehttp.Client`
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

func usePost(body []byte) error {
	return post(retryablehttp.NewClient(), "https://api.example.com/orders", body)
}

// ---- a policy set by a function that the constructor calls once ----

type onceCheck struct{ rc *retryablehttp.Client }

func newOnceCheck() *onceCheck {
	o := &onceCheck{rc: retryablehttp.NewClient()} // want `retryablehttp.Client retries transport errors and 5xx with its CheckRetry.*, whatever the method`
	o.retryAll()
	return o
}

func (o *onceCheck) retryAll() {
	o.rc.CheckRetry = func(ctx context.Context, resp *http.Response, err error) (bool, error) {
		return err != nil || resp.StatusCode >= 500, nil
	}
}

func (o *onceCheck) send(method string, body []byte) error {
	req, err := retryablehttp.NewRequest(method, "https://api.example.com/x", body)
	if err != nil {
		return err
	}
	resp, err := o.rc.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// ---- must stay silent ----

// No retries.
type noRetry struct{ rc *retryablehttp.Client }

func newNoRetry() *noRetry {
	n := &noRetry{rc: retryablehttp.NewClient()}
	n.rc.RetryMax = 0
	return n
}

func (n *noRetry) do(r *http.Request) (*http.Response, error) {
	req, err := retryablehttp.FromRequest(r)
	if err != nil {
		return nil, err
	}
	return n.rc.Do(req)
}

func (n *noRetry) send(ctx context.Context, method string) error {
	r, err := http.NewRequestWithContext(ctx, method, "https://api.example.com/x", nil)
	if err != nil {
		return err
	}
	resp, err := n.do(r)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// A policy that retries only definite rejections.
type rejections struct{ rc *retryablehttp.Client }

func newRejections() *rejections {
	r := &rejections{rc: retryablehttp.NewClient()}
	r.rc.CheckRetry = func(ctx context.Context, resp *http.Response, err error) (bool, error) {
		if err != nil {
			return false, err
		}
		if resp.StatusCode == http.StatusTooManyRequests || resp.StatusCode == http.StatusServiceUnavailable {
			return true, nil
		}
		return false, nil
	}
	return r
}

func (r *rejections) send(method string, body []byte) error {
	req, err := retryablehttp.NewRequest(method, "https://api.example.com/x", body)
	if err != nil {
		return err
	}
	resp, err := r.rc.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// A policy that decides by the method of the request.
type byMethod struct{ rc *retryablehttp.Client }

func newByMethod() *byMethod {
	b := &byMethod{rc: retryablehttp.NewClient()}
	b.rc.CheckRetry = func(ctx context.Context, resp *http.Response, err error) (bool, error) {
		if resp != nil && resp.Request != nil && resp.Request.Method != http.MethodGet {
			return false, nil
		}
		return retryablehttp.DefaultRetryPolicy(ctx, resp, err)
	}
	return b
}

func (b *byMethod) send(method string, body []byte) error {
	req, err := retryablehttp.NewRequest(method, "https://api.example.com/x", body)
	if err != nil {
		return err
	}
	resp, err := b.rc.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// A client used only for GETs.
type reader struct{ hc *http.Client }

func newReader() *reader {
	rc := retryablehttp.NewClient()
	return &reader{hc: rc.StandardClient()}
}

func (r *reader) get(ctx context.Context, path string) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, "https://api.example.com/"+path, nil)
	if err != nil {
		return err
	}
	resp, err := r.hc.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// A PrepareRetry hook that already decides.
type prepared struct{ rc *retryablehttp.Client }

func newPrepared() *prepared {
	p := &prepared{rc: retryablehttp.NewClient()}
	p.rc.PrepareRetry = func(req *http.Request) error { return nil }
	return p
}

func (p *prepared) send(method string, body []byte) error {
	req, err := retryablehttp.NewRequest(method, "https://api.example.com/x", body)
	if err != nil {
		return err
	}
	resp, err := p.rc.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// A CheckRetry set in a function that is called again later: a wrapper
// placed after the first call could be replaced by the second, so no fix
// can be placed and the client is not reported.
type lateCheck struct{ rc *retryablehttp.Client }

func newLateCheck() *lateCheck {
	l := &lateCheck{rc: retryablehttp.NewClient()}
	l.retryAll()
	return l
}

func (l *lateCheck) reset() { l.retryAll() }

func (l *lateCheck) retryAll() {
	l.rc.CheckRetry = func(ctx context.Context, resp *http.Response, err error) (bool, error) {
		return err != nil || resp.StatusCode >= 500, nil
	}
}

func (l *lateCheck) send(method string, body []byte) error {
	req, err := retryablehttp.NewRequest(method, "https://api.example.com/x", body)
	if err != nil {
		return err
	}
	resp, err := l.rc.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// A policy whose method test an opt-in flag skips: with the flag off, as
// it is unless a caller sets it, every 5xx of a POST is retried.
type optIn struct {
	rc             *retryablehttp.Client
	onlyIdempotent bool
}

func newOptIn() *optIn {
	o := &optIn{}
	o.rc = &retryablehttp.Client{
		HTTPClient:   http.DefaultClient,
		CheckRetry:   o.check,
		Backoff:      retryablehttp.DefaultBackoff,
		RetryWaitMin: 100 * time.Millisecond,
		RetryWaitMax: 400 * time.Millisecond,
		RetryMax:     5,
	}
	return o
}

func (o *optIn) check(ctx context.Context, resp *http.Response, err error) (bool, error) { // want check:"predicate\\(transport=false 200=false 201=false 202=false 204=false\\)"
	if ctx.Err() != nil || err != nil {
		return false, ctx.Err()
	}
	if resp.StatusCode >= 500 {
		return !o.onlyIdempotent || resp.Request.Method == http.MethodGet, nil
	}
	return false, nil
}

func (o *optIn) create(ctx context.Context, body []byte) error {
	req, err := retryablehttp.NewRequestWithContext(ctx, http.MethodPost, "https://api.example.com/orders", body)
	if err != nil {
		return err
	}
	resp, err := o.rc.Do(req) // want `POST is sent through a retrying retryablehttp.Client`
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// Silent: the same policy with the test of the method on every retry.
type always struct{ rc *retryablehttp.Client }

func newAlways() *always {
	a := &always{}
	a.rc = &retryablehttp.Client{
		HTTPClient:   http.DefaultClient,
		CheckRetry:   a.check,
		Backoff:      retryablehttp.DefaultBackoff,
		RetryWaitMin: 100 * time.Millisecond,
		RetryWaitMax: 400 * time.Millisecond,
		RetryMax:     5,
	}
	return a
}

func (a *always) check(ctx context.Context, resp *http.Response, err error) (bool, error) { // want check:"predicate\\(transport=false 200=false 201=false 202=false 204=false\\)"
	if ctx.Err() != nil || err != nil {
		return false, ctx.Err()
	}
	if resp.StatusCode >= 500 {
		return resp.Request.Method == http.MethodGet, nil
	}
	return false, nil
}

func (a *always) create(ctx context.Context, body []byte) error {
	req, err := retryablehttp.NewRequestWithContext(ctx, http.MethodPost, "https://api.example.com/orders", body)
	if err != nil {
		return err
	}
	resp, err := a.rc.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}
