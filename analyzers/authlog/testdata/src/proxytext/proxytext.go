// Package proxytext: the text of a proxy's address, parsed into the URL
// that a transport's Proxy is made from. Its user information is sent to
// the proxy as Proxy-Authorization: logged, the text logs the password.
// A proxy address that is a constant without user information, or a text
// that is parsed but never made a proxy, holds none.
package proxytext

import (
	"log"
	"net/http"
	"net/url"
	"os"
)

type Credentials struct {
	Endpoint string
	ProxyURL string
}

type Client struct {
	creds *Credentials
	hc    *http.Client
}

// WithProxy logs the configured proxy, then installs it: must flag.
func (c *Client) WithProxy() error {
	if c.creds.ProxyURL == "" {
		return nil
	}
	log.Printf("using proxy %s", c.creds.ProxyURL) // want `secret \(a password, key or token\) reaches log.Printf`
	proxy, err := url.Parse(c.creds.ProxyURL)
	if err != nil {
		return err
	}
	c.hc.Transport = &http.Transport{Proxy: http.ProxyURL(proxy)}
	return nil
}

// FromEnv installs the proxy from the environment: must flag.
func FromEnv() *http.Client {
	raw := os.Getenv("PROXY")
	u, err := url.Parse(raw)
	if err != nil {
		log.Printf("bad proxy: %v", err)
		return http.DefaultClient
	}
	log.Println("proxy:", raw) // want `secret \(a password, key or token\) reaches log.Println`
	return &http.Client{Transport: &http.Transport{Proxy: http.ProxyURL(u)}}
}

// Endpoint logs the API endpoint, which the client parses but makes no
// proxy of: must stay silent.
func (c *Client) Endpoint() (*url.URL, error) {
	log.Printf("endpoint %s", c.creds.Endpoint)
	return url.Parse(c.creds.Endpoint)
}

// Fixed logs a constant proxy without user information: must stay
// silent.
func Fixed() *http.Client {
	const addr = "http://proxy.internal:3128"
	u, err := url.Parse(addr)
	if err != nil {
		return nil
	}
	log.Println("proxy:", addr)
	return &http.Client{Transport: &http.Transport{Proxy: http.ProxyURL(u)}}
}

// Override installs a constant default, or the proxy the environment
// names, which it logs: must flag.
func Override() *http.Client {
	u, _ := url.Parse("http://proxy.internal:3128")
	if env := os.Getenv("PROXY"); env != "" {
		log.Println("proxy override:", env) // want `secret \(a password, key or token\) reaches log.Println`
		u, _ = url.Parse(env)
	}
	return &http.Client{Transport: &http.Transport{Proxy: http.ProxyURL(u)}}
}

// Declared parses the configured proxy into a variable declared first:
// must flag.
func (c *Client) Declared() error {
	var proxyURL *url.URL
	var err error
	proxyURL, err = url.Parse(c.creds.ProxyURL)
	if err != nil {
		return err
	}
	log.Printf("proxy %s", c.creds.ProxyURL) // want `secret \(a password, key or token\) reaches log.Printf`
	c.hc.Transport = &http.Transport{Proxy: http.ProxyURL(proxyURL)}
	return nil
}

// Hosted builds the proxy's address around a host name, and gives it
// credentials of its own: the host and the address hold none, must stay
// silent.
func Hosted(host, user, pass string) *http.Client { // want Hosted:`authlog\(sink=log.Println values=p0\)`
	addr := "http://proxy.internal:3128"
	log.Println("default proxy:", addr)
	u, err := url.Parse("http://" + host + ":3128")
	if err != nil {
		return nil
	}
	log.Println("proxy host:", host)
	v, err := url.Parse(addr)
	if err != nil {
		return nil
	}
	v.User = url.UserPassword(user, pass)
	_ = u
	return &http.Client{Transport: &http.Transport{Proxy: http.ProxyURL(v)}}
}

// Addressed parses a variable given only a constant without user
// information: must stay silent.
func Addressed() *http.Client {
	addr := "http://proxy.internal:3128"
	u, err := url.Parse(addr)
	if err != nil {
		return nil
	}
	log.Println("proxy:", addr)
	return &http.Client{Transport: &http.Transport{Proxy: http.ProxyURL(u)}}
}
