// Package restyhelper holds SDK-style helpers around a retrying resty
// client: a helper that returns the request to send (c.request(ctx)) and
// a generic do(ctx, method, path, body) that sends its caller's method.
package restyhelper

import (
	"context"
	"errors"
	"net/http"

	"github.com/go-resty/resty/v2"
	v3 "resty.dev/v3"
)

type Order struct{ ID string }

type Client struct {
	r    *resty.Client
	base string
}

func New(base string) *Client {
	return &Client{r: resty.New().SetRetryCount(3), base: base}
}

// request is the request every call starts from.
func (c *Client) request(ctx context.Context) *resty.Request {
	return c.r.R().SetContext(ctx).SetHeader("Accept", "application/json")
}

func (c *Client) Create(ctx context.Context, o Order) error {
	_, err := c.request(ctx).SetBody(o).Post(c.base + "/orders") // want `POST is sent through a resty client with SetRetryCount`
	return err
}

// Do sends the caller's method: a POST is retried as any other.
func (c *Client) Do(ctx context.Context, method, path string, body any) (*resty.Response, error) {
	return c.r.R().SetContext(ctx).SetBody(body).Execute(method, c.base+path) // want `a request of its caller's method \(method\) is sent through a resty client with SetRetryCount`
}

func (c *Client) send(ctx context.Context, method, path string, body any) error {
	resp, err := c.request(ctx).SetBody(body).Execute(method, c.base+path) // want `a request of its caller's method \(method\)`
	if err != nil {
		return err
	}
	if resp.IsError() {
		return errors.New(resp.Status())
	}
	return nil
}

func (c *Client) Cancel(ctx context.Context, id string) error {
	return c.send(ctx, http.MethodPost, "/orders/"+id+"/cancel", nil)
}

// ---- must stay silent ----

// A helper that sets a key made once per request: every attempt carries it.
func (c *Client) keyedRequest(ctx context.Context, key string) *resty.Request {
	return c.r.R().SetContext(ctx).SetHeader("Idempotency-Key", key)
}

func (c *Client) CreateKeyed(ctx context.Context, o Order, key string) error {
	_, err := c.keyedRequest(ctx, key).SetBody(o).Post(c.base + "/orders")
	return err
}

// A helper that refuses writes: they go another way.
func (c *Client) read(ctx context.Context, method, path string) (*resty.Response, error) {
	if method == http.MethodPost || method == http.MethodPatch {
		return nil, errors.New("read: not a read")
	}
	return c.r.R().SetContext(ctx).Execute(method, c.base+path)
}

// An unexported helper every call of which hands a method that is not a
// write.
func (c *Client) fetch(ctx context.Context, method, path string) (*resty.Response, error) {
	return c.request(ctx).Execute(method, c.base+path)
}

func (c *Client) Get(ctx context.Context, id string) error {
	_, err := c.fetch(ctx, http.MethodGet, "/orders/"+id)
	if err != nil {
		return err
	}
	_, err = c.read(ctx, http.MethodGet, "/orders/"+id)
	return err
}

func (c *Client) Delete(ctx context.Context, id string) error {
	_, err := c.fetch(ctx, http.MethodDelete, "/orders/"+id)
	return err
}

// No retries: one attempt.
type once struct{ r *resty.Client }

func (o *once) do(ctx context.Context, method, url string) (*resty.Response, error) {
	return o.r.R().SetContext(ctx).Execute(method, url)
}

func newOnce() *once { return &once{r: resty.New()} }

// resty v3 retries a POST only when SetRetryAllowNonIdempotent says so.
type v3client struct{ r *v3.Client }

func newV3() *v3client { return &v3client{r: v3.New().SetRetryCount(3)} }

func (c *v3client) do(ctx context.Context, method, url string) (*v3.Response, error) {
	return c.r.R().SetContext(ctx).Execute(method, url)
}

// A request helper over a client without retries.
func (o *once) request() *resty.Request { return o.r.R() }

func (o *once) create(b Order) error {
	_, err := o.request().SetBody(b).Post("https://api.example.com/orders")
	return err
}

var _ = newOnce
var _ = newV3
