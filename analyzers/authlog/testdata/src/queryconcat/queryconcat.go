// Package queryconcat logs addresses that it spells with a secret query
// parameter in the text of the log call itself, and in an argument of a
// helper that logs and sends the address it is given.
package queryconcat

import (
	"log"
	"net/http"
	"os"
	"strings"
)

const base = "https://api.example.com"

type Client struct {
	hc    *http.Client
	token string
	page  string
}

func (c *Client) Items() {
	log.Printf("GET %s", base+"/items?access_token="+c.token) // want `secret \(a password, key or token\) reaches log.Printf`
	c.hc.Get(base + "/items?access_token=" + c.token)
}

// Silent: the query holds a page number, not a secret.
func (c *Client) Page() {
	log.Printf("GET %s", base+"/items?page="+c.page)
}

// Silent: the secret's place holds a constant.
func (c *Client) Masked() {
	log.Printf("GET %s", base+"/items?access_token="+"***")
}

// get logs the address it sends; its callers hand it one with a token.
func (c *Client) get(u string) (*http.Response, error) {
	log.Printf("GET %s", u) // want `secret \(a password, key or token\) reaches log.Printf in a helper that also sends it, from queryconcat.go:43`
	return c.hc.Get(u)
}

func (c *Client) Users() {
	c.get(base + "/users?api_key=" + c.token)
}

func (c *Client) Pages() {
	c.get(base + "/users?page=" + c.page)
}

// Silent: the secret's place holds a mask kept in a variable.
func (c *Client) MaskedVar() {
	shown := strings.Repeat("*", len(c.token))
	log.Printf("GET %s", base+"/items?access_token="+shown)
}

// A local made by a call that is no mask holds the secret it is given.
func (c *Client) FromEnv() {
	tok := os.Getenv("SERVICE_CREDENTIAL")
	log.Printf("GET %s", base+"/items?access_token="+tok) // want `secret \(a password, key or token\) reaches log.Printf`
}
