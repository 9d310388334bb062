// Package urlfield keeps an API key as the password of a base URL that
// its constructor builds, and logs the URL from other methods.
package urlfield

import (
	"fmt"
	"log"
	"net/http"
	"net/url"
)

type client struct {
	base *url.URL
	name *url.URL
}

func newClient(host, user, key string) *client {
	u := &url.URL{Scheme: "https", Host: host}
	u.User = url.UserPassword("", key)
	n := &url.URL{Scheme: "https", Host: host}
	n.User = url.User(user) // a user name only: nothing secret
	return &client{base: u, name: n}
}

// Must flag: the base URL, printed with its password.
func (c *client) get(path string) error {
	req, err := http.NewRequest(http.MethodGet, c.base.String()+path, nil)
	if err != nil {
		return err
	}
	log.Printf("GET %s", c.base) // want `URL with its user's password reaches log.Printf`
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// Must stay silent: the URL redacted, and the URL with a user name only.
func (c *client) getRedacted(path string) error {
	log.Printf("GET %s%s as %s", c.base.Redacted(), path, c.name)
	resp, err := http.Get(c.base.String() + path)
	if err != nil {
		return fmt.Errorf("get %s: %w", c.base.Redacted(), err)
	}
	return resp.Body.Close()
}

type masked struct{ base *url.URL }

// Must stay silent: the password is a marker.
func newMasked(host string) *masked {
	u := &url.URL{Scheme: "https", Host: host}
	u.User = url.UserPassword("user", "xxxxx")
	m := &masked{}
	m.base = u
	return m
}

func (m *masked) show() { log.Printf("base %s", m.base) }

type direct struct{ base *url.URL }

func newDirect(host, key string) *direct {
	d := &direct{base: &url.URL{Scheme: "https", Host: host}}
	d.base.User = url.UserPassword("", key)
	return d
}

// Must flag: the field was given the password itself.
func (d *direct) show() {
	log.Printf("base %v", d.base) // want `URL with its user's password reaches log.Printf`
}

// api keeps the user information its caller hands in (a configuration's
// BasicAuth) in a base URL it stores by value.
type api struct {
	baseURL url.URL
	client  *http.Client
}

func newAPI(base string, auth *url.Userinfo) (*api, error) {
	u, err := url.Parse(base)
	if err != nil {
		return nil, err
	}
	u.User = auth
	return &api{baseURL: *u, client: http.DefaultClient}, nil
}

// Must flag: a copy of the base URL, printed with the caller's password.
func (a *api) get(p string) error {
	u := a.baseURL
	u.Path = p
	req, err := http.NewRequest(http.MethodGet, u.String(), nil)
	if err != nil {
		return err
	}
	log.Printf("request to %s", u.String()) // want `URL with its user's password reaches log.Printf`
	resp, err := a.client.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// named keeps a user name only: url.User has no password.
type named struct {
	baseURL url.URL
}

func newNamed(base, user string) (*named, error) {
	u, err := url.Parse(base)
	if err != nil {
		return nil, err
	}
	u.User = url.User(user)
	return &named{baseURL: *u}, nil
}

// Must stay silent: the user name is no secret.
func (n *named) get(p string) error {
	u := n.baseURL
	u.Path = p
	log.Printf("request to %s", u.String())
	resp, err := http.Get(u.String())
	if err != nil {
		return err
	}
	return resp.Body.Close()
}
