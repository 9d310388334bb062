// Package credparam logs parameters and local variables that its
// functions, or their helpers, send as credentials.
package credparam

import (
	"fmt"
	"log"
	"log/slog"
	"net/http"
	"os"

	"credparamlib"
)

// ---- must flag ----

func bearer(req *http.Request, token string) {
	req.Header.Set("Authorization", "Bearer "+token)
	log.Printf("using token %s", token) // want `Authorization header value reaches log.Printf`
}

func fromEnv(req *http.Request) {
	key := os.Getenv("API_KEY")
	req.Header.Add("X-Api-Key", key)
	slog.Info("calling", "key", key) // want `X-Api-Key header value reaches slog.Info`
}

func basic(req *http.Request, user, pass string) {
	req.SetBasicAuth(user, pass)
	fmt.Println("login", user, pass) // want `basic-auth password reaches fmt.Println`
}

func fetched(req *http.Request) error {
	tok, err := token()
	if err != nil {
		return err
	}
	req.Header["Private-Token"] = []string{tok}
	log.Printf("token %q", tok) // want `Private-Token header value reaches log.Printf`
	return nil
}

func token() (string, error) { return os.Getenv("TOKEN"), nil }

// Through helpers: of another package (their facts), and of this one.

func viaLib(req *http.Request, tok string) {
	credparamlib.SetToken(req, tok)
	log.Printf("authorized with %s", tok) // want `Authorization header value reaches log.Printf`
}

func viaErrSetter(req *http.Request, tok string) error {
	if err := credparamlib.SetAuth(req, tok); err != nil {
		return err
	}
	log.Printf("authorized with %s", tok) // want `Authorization header value reaches log.Printf`
	return nil
}

func viaChain(req *http.Request, k string) {
	credparamlib.Apply(req, k)
	log.Println("key", k) // want `X-Api-Key header value reaches log.Println`
}

func authorize(req *http.Request, secret string) {
	req.Header.Set("X-Auth-Token", secret)
}

func viaLocal(req *http.Request, s string) {
	authorize(req, s)
	log.Printf("secret=%s", s) // want `X-Auth-Token header value reaches log.Printf`
}

// Stored in a field that the package sends.

type Client struct {
	token string
	name  string
}

func newClient(token, name string) *Client {
	log.Printf("client %s, token %s", name, token) // want `Authorization header value reaches log.Printf`
	return &Client{token: token, name: name}
}

func (c *Client) setToken(tok string) {
	c.token = tok
	log.Println("new token:", tok) // want `Authorization header value reaches log.Println`
}

func (c *Client) do(req *http.Request) {
	req.Header.Set("Authorization", "Bearer "+c.token)
	req.Header.Set("X-Client-Name", c.name)
}

// ---- must stay silent ----

// The name is stored in a field sent as no credential.
func (c *Client) setName(name string) {
	c.name = name
	log.Printf("name %s", name)
}

// Sent as no credential header.
func tagged(req *http.Request, id string) {
	req.Header.Set("X-Request-Id", id)
	credparamlib.Tag(req, id)
	log.Printf("request %s", id)
}

// Reassigned before it is logged: what it holds there is something else.
func reassigned(req *http.Request, tok string) {
	req.Header.Set("Authorization", "Bearer "+tok)
	tok = "****"
	log.Printf("token %s", tok)
}

// Masked or measured.
func masked(req *http.Request, tok string) {
	req.Header.Set("Authorization", "Bearer "+tok)
	log.Printf("token %s... (%d bytes)", tok[:4], len(tok))
}

// A scheme joined to the token names neither.
func schemed(req *http.Request, scheme, tok string) {
	req.Header.Set("Authorization", scheme+" "+tok)
	log.Printf("scheme %s", scheme)
}
