// Package sdk is a client whose transport sits behind an interface (to be
// replaced in tests): the client's getters go through it.
package sdk

import "net/http"

// Transport sends requests with the account's keys.
type Transport interface {
	APIKeyPublic() string
	APIKeyPrivate() string
	BaseURL() string
	Send(req *http.Request) (*http.Response, error)
}

type httpTransport struct {
	public, private, base string
	hc                    *http.Client
}

func (t *httpTransport) APIKeyPublic() string  { return t.public }
func (t *httpTransport) APIKeyPrivate() string { return t.private } // want APIKeyPrivate:`authlog\(result0=password\)`
func (t *httpTransport) BaseURL() string       { return t.base }

func (t *httpTransport) Send(req *http.Request) (*http.Response, error) {
	req.SetBasicAuth(t.public, t.private)
	return t.hc.Do(req)
}

// Client is what users hold.
type Client struct{ transport Transport }

func New(public, private string) *Client { // want New:`authlog\(result0=password result0<-p0,p1 p1=sent\(password\)\)`
	return &Client{transport: &httpTransport{public: public, private: private, base: "https://api.example.com", hc: http.DefaultClient}}
}

func (c *Client) APIKeyPublic() string  { return c.transport.APIKeyPublic() }
func (c *Client) APIKeyPrivate() string { return c.transport.APIKeyPrivate() } // want APIKeyPrivate:`authlog\(result0=password\)`
func (c *Client) BaseURL() string       { return c.transport.BaseURL() }
