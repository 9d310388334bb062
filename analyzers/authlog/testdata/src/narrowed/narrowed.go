// Package narrowed logs a request body handed in as any and narrowed by a
// type switch: the clause's variable is the body.
package narrowed

import (
	"bytes"
	"encoding/json"
	"log/slog"
	"net/http"
	"net/url"
)

type client struct {
	log *slog.Logger
	hc  *http.Client
	url string
}

// trace logs the body of a request about to be sent.
func (c *client) trace(path string, body any) {
	var raw []byte
	switch v := body.(type) {
	case url.Values:
		raw = []byte(v.Encode())
	case string:
		raw = []byte(v)
	default:
		raw, _ = json.Marshal(v)
	}
	c.log.Debug("new request", slog.String("path", path), slog.String("body", string(raw)))
}

func (c *client) token(clientID, clientSecret, code string) error {
	form := url.Values{"client_id": {clientID}, "client_secret": {clientSecret}, "code": {code}}
	c.trace("/oauth2/token", form) // want `secret \(a password, key or token\) reaches \(\*client\).trace \(which passes it to \(\*slog.Logger\).Debug\)`
	resp, err := c.hc.PostForm(c.url+"/oauth2/token", form)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// Silent: a search query holds no secret.
func (c *client) search(q string) {
	c.trace("/search", url.Values{"q": {q}})
}

// traceSize logs only the body's size, whatever the clause.
func (c *client) traceSize(path string, body any) {
	n := 0
	switch v := body.(type) {
	case url.Values:
		n = len(v.Encode())
	case string:
		n = len(v)
	}
	c.log.Debug("new request", slog.String("path", path), slog.Int("size", n))
}

// Silent: the secret's size is logged, not the secret.
func (c *client) tokenSize(clientID, clientSecret string) {
	c.traceSize("/oauth2/token", url.Values{"client_id": {clientID}, "client_secret": {clientSecret}})
}

type sender interface {
	send(path string, body any) error // want send:`authlog\(sink=\(\*slog.Logger\).Debug values=p0,p1\)`
}

type formSender struct {
	log *slog.Logger
	hc  *http.Client
	url string
}

// send logs the body it sends: redacting a caller's argument would send
// the redaction, so the finding is this log.
func (f *formSender) send(path string, body any) error {
	var raw []byte
	switch v := body.(type) {
	case url.Values:
		raw = []byte(v.Encode())
	case string:
		raw = []byte(v)
	}
	f.log.Debug("new request", slog.String("path", path), slog.String("body", string(raw))) // want `secret \(a password, key or token\) reaches \(\*slog.Logger\).Debug in a helper that also sends it, from narrowed.go:102`
	resp, err := f.hc.Post(f.url+path, "application/x-www-form-urlencoded", bytes.NewReader(raw))
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

type oauth struct {
	s sender
}

func newOAuth(log *slog.Logger) *oauth {
	return &oauth{s: &formSender{log: log, hc: http.DefaultClient}}
}

func (o *oauth) exchange(clientID, clientSecret string) error {
	return o.s.send("/oauth2/token", url.Values{"client_id": {clientID}, "client_secret": {clientSecret}})
}
