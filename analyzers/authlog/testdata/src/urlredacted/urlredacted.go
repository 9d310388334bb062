// Package urlredacted prints one configured URL with Redacted, which
// masks its user's password: the package knows that those URLs may hold
// one. Printed elsewhere whole, or through its String method, a URL of
// the same configuration type, or a URL field it redacts, prints the
// password.
package urlredacted

import (
	"bytes"
	"fmt"
	"log"
	"log/slog"
	"net/http"
	"net/url"

	"urlredacted/config"
)

type client struct {
	urlString string
	hc        *http.Client
}

type clientConfig struct {
	URL *config.URL
}

func newClient(conf *clientConfig) *client {
	return &client{urlString: conf.URL.String(), hc: http.DefaultClient}
}

func (c *client) endpoint() string { return c.urlString }

func (c *client) store(body []byte) error {
	resp, err := c.hc.Post(c.urlString, "application/x-protobuf", bytes.NewReader(body))
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// apply labels its metrics with the redacted URL, as it should.
func apply(logger *slog.Logger, writes []*config.RemoteWrite) {
	for _, w := range writes {
		endpoint := w.URL.Redacted()
		logger.Info("queue started", "endpoint", endpoint)
	}
}

// Must flag: URLs of the type the package redacts, printed whole or
// through String.
func show(logger *slog.Logger, reads []*config.RemoteRead) {
	for _, r := range reads {
		logger.Info("remote read", "url", r.URL) // want `URL with its user's password reaches \(\*slog.Logger\).Info`

		log.Printf("remote read %s", r.URL.String()) // want `URL with its user's password reaches log.Printf`
	}
}

// Must flag: the text of such a URL, kept in a field of its own.
func queue(logger *slog.Logger, c *client) *slog.Logger {
	return logger.With("endpoint", c.endpoint()) // want `secret \(a password, key or token\) reaches \(\*slog.Logger\).With`
}

// Must stay silent: redacted, a URL type no package redacts, and a
// request's URL (req.URL.Redacted() below is no evidence about other
// requests).
func quiet(reads []*config.RemoteRead, probes []*config.Probe, req *http.Request) {
	for _, r := range reads {
		log.Printf("remote read %s", r.URL.Redacted())
	}
	for _, p := range probes {
		log.Printf("probe %s", p.Target)
	}
	log.Printf("failed %s", req.URL.Redacted())
	log.Printf("sending %s %s", req.Method, req.URL)
}

type hook struct {
	webhook *url.URL
	home    *url.URL
}

// announce masks the webhook URL in its error.
func (h *hook) announce(msg string) error {
	resp, err := http.Post(h.webhook.String(), "text/plain", bytes.NewBufferString(msg))
	if err != nil {
		return fmt.Errorf("post to %s: %w", h.webhook.Redacted(), err)
	}
	return resp.Body.Close()
}

// Must flag the webhook URL, which the package redacts elsewhere; must
// stay silent on the home URL, which it never does.
func (h *hook) describe() {
	log.Printf("webhook %v, home %v", h.webhook, h.home) // want `URL with its user's password reaches log.Printf`
}

// newTransport routes through a proxy whose user information the
// transport sends as Proxy-Authorization.
func newTransport(proxy string) (*http.Transport, error) {
	u, err := url.Parse(proxy)
	if err != nil {
		return nil, err
	}
	log.Printf("using proxy %s", u) // want `URL with its user's password reaches log.Printf`
	return &http.Transport{Proxy: http.ProxyURL(u)}, nil
}

// Must stay silent: the proxy printed redacted.
func newQuietTransport(proxy string) (*http.Transport, error) {
	u, err := url.Parse(proxy)
	if err != nil {
		return nil, err
	}
	log.Printf("using proxy %s", u.Redacted())
	return &http.Transport{Proxy: http.ProxyURL(u)}, nil
}

type connector struct {
	dsn  *url.URL
	peer *url.URL
}

// ping sends the DSN's password as basic auth.
func (c *connector) ping() error {
	log.Printf("opening %s", c.dsn.String()) // want `URL with its user's password reaches log.Printf`
	req, err := http.NewRequest(http.MethodGet, "http://"+c.dsn.Host+"/ping", nil)
	if err != nil {
		return err
	}
	pass, _ := c.dsn.User.Password()
	req.SetBasicAuth(c.dsn.User.Username(), pass)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// Must stay silent: only the peer's user name is read.
func (c *connector) hello() {
	log.Printf("hello from %s at %s", c.peer.User.Username(), c.peer)
}

// Must stay silent: a proxy URL with no user information.
func newPlainTransport(host string) *http.Transport {
	u := &url.URL{Scheme: "http", Host: host}
	log.Printf("using proxy %s", u)
	return &http.Transport{Proxy: http.ProxyURL(u)}
}

// Must stay silent: the type prints itself masked, redacted here too.
func hooks(hs []config.Hook) {
	for _, h := range hs {
		_ = h.Endpoint.Redacted()
		log.Printf("hook %s", h.Endpoint)
	}
}
