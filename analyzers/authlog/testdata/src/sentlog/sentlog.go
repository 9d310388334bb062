// Package sentlog holds an SDK client whose request helper logs what it
// sends: the body at debug level, the path with its query. A caller that
// hands it a secret leaks it through the helper's log, and redacting the
// secret at the caller would send the redacted text: the finding is the
// helper's log.
package sentlog

import (
	"bytes"
	"context"
	"encoding/json"
	"log"
	"net/http"
	"net/url"
	"strings"

	"mylog"
)

type Client struct {
	base string
	hc   *http.Client
}

// req logs the path and the body, and sends both.
func (c *Client) req(ctx context.Context, method, path string, body any) error {
	log.Printf("SEND: %s %s", method, path) // want `secret \(a password, key or token\) reaches log.Printf in a helper that also sends it, from sentlog.go:58`
	data, err := json.Marshal(body)
	if err != nil {
		return err
	}
	log.Printf("DATA: %s", data) // want `secret \(a password, key or token\) reaches log.Printf in a helper that also sends it, from sentlog.go:50, sentlog.go:128`
	r, err := http.NewRequestWithContext(ctx, method, c.base+path, bytes.NewReader(data))
	if err != nil {
		return err
	}
	resp, err := c.hc.Do(r)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

func (c *Client) put(ctx context.Context, path string, body any) error {
	return c.req(ctx, http.MethodPut, path, body)
}

// SetPassword hands the password to put, which req logs and sends.
func (c *Client) SetPassword(ctx context.Context, user, password string) error { // want SetPassword:`authlog\(sink=log.Printf values=p1,p2 sends=p1,p2\)`
	return c.put(ctx, "/access/password", map[string]string{"userid": user, "password": password})
}

// Scan puts the password in the query of the path req logs.
func (c *Client) Scan(ctx context.Context, user, password string) error { // want Scan:`authlog\(sink=log\.Printf values=p1,p2 sends=p1,p2 result0=secret result0<-p1,p2\)`
	q := url.Values{}
	q.Set("username", user)
	q.Set("password", password)
	return c.req(ctx, http.MethodGet, "/scan?"+q.Encode(), nil)
}

// Must stay silent: a helper that sends the body and logs only its size.
func (c *Client) quiet(ctx context.Context, path string, body any) error {
	data, err := json.Marshal(body)
	if err != nil {
		return err
	}
	log.Printf("SEND %s (%d bytes)", path, len(data))
	r, err := http.NewRequestWithContext(ctx, http.MethodPost, c.base+path, bytes.NewReader(data))
	if err != nil {
		return err
	}
	resp, err := c.hc.Do(r)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

func (c *Client) Login(ctx context.Context, user, password string) error {
	return c.quiet(ctx, "/login", map[string]string{"username": user, "password": password})
}

// Must stay silent: what the callers hand req holds no secret.
func (c *Client) Rename(ctx context.Context, user, name string) error { // want Rename:`authlog\(sink=log\.Printf values=p1,p2 sends=p1,p2 result0<-p1\)`
	return c.put(ctx, "/access/users/"+user, map[string]string{"name": name})
}

// inspectAndLog looks at what it is given and logs it, but sends
// nothing: a credential handed to it is reported where it is handed over.
func inspectAndLog(auth string) {
	if strings.HasPrefix(auth, "Bearer ") {
		log.Printf("bearer auth %s", auth)
	}
}

func useInspect(r *http.Request) {
	inspectAndLog(r.Header.Get("Authorization")) // want `Authorization header value reaches inspectAndLog \(which passes it to log.Printf\)`
}

// get logs through another package's wrapper, and sends the path.
func (c *Client) get(ctx context.Context, path string) error {
	mylog.Infof("GET %s", path) // want `secret \(a password, key or token\) reaches mylog.Infof \(which passes it to log.Printf\) in a helper that also sends it, from sentlog.go:117`
	r, err := http.NewRequestWithContext(ctx, http.MethodGet, c.base+path, nil)
	if err != nil {
		return err
	}
	resp, err := c.hc.Do(r)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

func (c *Client) Probe(ctx context.Context, password string) error { // want Probe:`authlog\(sink=log\.Printf values=p1 sends=p1 result0=secret result0<-p1\)`
	q := url.Values{}
	q.Set("password", password)
	return c.get(ctx, "/probe?"+q.Encode())
}

// NewUser is a body with a secret field: req logs it as JSON, which a
// String method that redacts the field would not change.
type NewUser struct {
	Name     string `json:"name"`
	Password string `json:"password"`
}

func (c *Client) CreateUser(ctx context.Context, u *NewUser) error { // want CreateUser:`authlog\(sink=log.Printf values=p1 sends=p1\)`
	return c.req(ctx, http.MethodPost, "/users", u)
}
