// Package funcfield holds SDK clients that reach their retrying sender
// through an unexported func field, the seam left for tests: a call of
// the field is a call of the one function the package stores in it.
package funcfield

import (
	"bytes"
	"net/http"
	"time"
)

type Client struct {
	hc *http.Client
	do func(c *Client, req *http.Request) (*http.Response, error)
}

func NewClient() *Client {
	return &Client{hc: &http.Client{}, do: defaultDo}
}

// defaultDo re-sends after a 500; every request the package hands it
// through the field is a GET: silent.
func defaultDo(c *Client, req *http.Request) (*http.Response, error) {
	var resp *http.Response
	var err error
	for i := 0; ; i++ {
		resp, err = c.hc.Do(req)
		if err != nil {
			return nil, err
		}
		if resp.StatusCode != http.StatusInternalServerError || i >= 3 {
			break
		}
		resp.Body.Close()
		time.Sleep(time.Second)
	}
	return resp, nil
}

func (c *Client) get(url string) (*http.Response, error) {
	req, err := http.NewRequest(http.MethodGet, url, nil)
	if err != nil {
		return nil, err
	}
	return c.do(c, req)
}

func (c *Client) News() (*http.Response, error) { return c.get("https://api.example.com/news") }

// Orders reaches its retrying sender through a field too, but posts
// through it: reported at the sender.
type Orders struct {
	hc   *http.Client
	send func(o *Orders, req *http.Request) (*http.Response, error)
}

func NewOrders() *Orders {
	o := &Orders{hc: &http.Client{}}
	o.send = retrySend
	return o
}

func retrySend(o *Orders, req *http.Request) (*http.Response, error) {
	var resp *http.Response
	var err error
	for i := 0; ; i++ {
		resp, err = o.hc.Do(req) // want `a request of any method is re-sent after status 500`
		if err != nil {
			return nil, err
		}
		if resp.StatusCode != http.StatusInternalServerError || i >= 3 {
			break
		}
		resp.Body.Close()
		time.Sleep(time.Second)
	}
	return resp, nil
}

func (o *Orders) get(url string) (*http.Response, error) {
	req, err := http.NewRequest(http.MethodGet, url, nil)
	if err != nil {
		return nil, err
	}
	return o.send(o, req)
}

func (o *Orders) post(url string, body []byte) (*http.Response, error) {
	req, err := http.NewRequest(http.MethodPost, url, bytes.NewReader(body))
	if err != nil {
		return nil, err
	}
	return o.send(o, req)
}

func (o *Orders) List() (*http.Response, error) { return o.get("https://api.example.com/orders") }

func (o *Orders) Place(b []byte) (*http.Response, error) { // want Place:`write\(POST\)`
	return o.post("https://api.example.com/orders", b)
}

// Feed copies its sender from its options, which an option only the
// tests pass may replace: the package's own runs store retryFetch alone,
// and every request handed to it is a GET: silent.
type feedOptions struct {
	fetch func(f *Feed, req *http.Request) (*http.Response, error)
}

func withFetch(fn func(f *Feed, req *http.Request) (*http.Response, error)) func(*feedOptions) {
	return func(o *feedOptions) { o.fetch = fn }
}

type Feed struct {
	hc    *http.Client
	fetch func(f *Feed, req *http.Request) (*http.Response, error)
}

func NewFeed(opts ...func(*feedOptions)) *Feed {
	o := feedOptions{fetch: retryFetch}
	for _, opt := range opts {
		opt(&o)
	}
	return &Feed{hc: &http.Client{}, fetch: o.fetch}
}

func retryFetch(f *Feed, req *http.Request) (*http.Response, error) {
	var resp *http.Response
	var err error
	for i := 0; ; i++ {
		resp, err = f.hc.Do(req)
		if err != nil {
			return nil, err
		}
		if resp.StatusCode != http.StatusInternalServerError || i >= 3 {
			break
		}
		resp.Body.Close()
		time.Sleep(time.Second)
	}
	return resp, nil
}

func (f *Feed) get(url string) (*http.Response, error) {
	req, err := http.NewRequest(http.MethodGet, url, nil)
	if err != nil {
		return nil, err
	}
	return f.fetch(f, req)
}

func (f *Feed) Items() (*http.Response, error) { return f.get("https://api.example.com/items") }
