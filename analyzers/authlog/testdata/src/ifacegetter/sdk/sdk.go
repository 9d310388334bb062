// Package sdk is a client whose transport sits behind an interface (to be
// replaced in tests): the client's getters go through it.
package sdk

import (
	"log"
	"net/http"
)

// Transport sends requests with the account's keys.
type Transport interface {
	APIKeyPublic() string
	APIKeyPrivate() string // want APIKeyPrivate:`authlog\(result0=password\)`
	BaseURL() string
	// Verify checks the key with the server.
	Verify() error
	// Key returns the private key, for the purpose given.
	Key(purpose string) string // want Key:`authlog\(sink=log.Printf values=p0 result0=password\)`
	Send(req *http.Request) (*http.Response, error)
}

type httpTransport struct {
	public, private, base string
	hc                    *http.Client
}

func (t *httpTransport) APIKeyPublic() string  { return t.public }
func (t *httpTransport) APIKeyPrivate() string { return t.private } // want APIKeyPrivate:`authlog\(result0=password\)`
func (t *httpTransport) BaseURL() string       { return t.base }
func (t *httpTransport) Verify() error { // want Verify:`authlog\(result0=url-error\)`
	resp, err := t.hc.Get(t.base + "/verify?api_key=" + t.private)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

func (t *httpTransport) Key(string) string { return t.private } // want Key:`authlog\(result0=password\)`

func (t *httpTransport) Send(req *http.Request) (*http.Response, error) {
	req.SetBasicAuth(t.public, t.private)
	return t.hc.Do(req)
}

// zRecorder stands in for the transport in tests: it logs what it is
// asked and returns no key. Its name sorts after httpTransport's; the
// keys the real transport returns are not lost for that.
type zRecorder struct{}

func (zRecorder) APIKeyPublic() string  { return "" }
func (zRecorder) APIKeyPrivate() string { return "" }
func (zRecorder) BaseURL() string       { return "" }

func (zRecorder) Verify() error { return nil }

func (zRecorder) Key(purpose string) string { // want Key:`authlog\(sink=log.Printf values=p0\)`
	log.Printf("key asked for %s", purpose)
	return ""
}

func (zRecorder) Send(req *http.Request) (*http.Response, error) {
	log.Printf("send %s %s", req.Method, req.URL.Redacted())
	return nil, nil
}

// Client is what users hold.
type Client struct{ transport Transport }

func New(public, private string) *Client { // want New:`authlog\(result0=password result0<-p0,p1 p1=sent\(password\)\)`
	return &Client{transport: &httpTransport{public: public, private: private, base: "https://api.example.com", hc: http.DefaultClient}}
}

func (c *Client) APIKeyPublic() string  { return c.transport.APIKeyPublic() }
func (c *Client) APIKeyPrivate() string { return c.transport.APIKeyPrivate() } // want APIKeyPrivate:`authlog\(result0=password\)`
func (c *Client) BaseURL() string       { return c.transport.BaseURL() }
func (c *Client) Verify() error         { return c.transport.Verify() }

func (c *Client) Key(purpose string) string { // want Key:`authlog\(sink=log.Printf values=p0 result0=password\)`
	return c.transport.Key(purpose)
}
