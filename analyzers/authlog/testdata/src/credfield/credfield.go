// Package credfield logs the fields and package variables whose value the
// package sends as a credential header or a basic-auth password.
package credfield

import (
	"database/sql"
	"fmt"
	"log"
	"log/slog"
	"net/http"
	"os"
)

type Config struct {
	Token string
}

type Client struct {
	token     string
	apiKey    string
	user      string
	password  string
	scheme    string
	param     string
	requestID string
	cfg       Config
	hc        *http.Client
}

// privateToken is sent in a header literal.
var privateToken = os.Getenv("GITLAB_TOKEN")

func (c *Client) authorize(req *http.Request) {
	req.Header.Set("Authorization", "Bearer "+c.token)
	req.Header["X-Api-Key"] = []string{c.apiKey}
	req.SetBasicAuth(c.user, c.password)
	req.Header.Set("Proxy-Authorization", c.scheme+" "+c.param)
	req.Header.Set("X-Request-Id", c.requestID)
	tok := c.cfg.Token
	req.Header.Set("X-Vault-Token", fmt.Sprintf("%s", tok))
}

func newHeader() http.Header {
	return http.Header{"Private-Token": {privateToken}}
}

func (c *Client) authHeader() string {
	return "Bearer " + c.token
}

func (c *Client) logToken() {
	log.Printf("using token %s", c.token) // want `Authorization header value reaches log.Printf`
}

func (c *Client) logKey() {
	slog.Debug("client", "key", c.apiKey) // want `X-Api-Key header value reaches slog.Debug`
}

func (c *Client) logPassword() {
	fmt.Fprintf(os.Stderr, "login %s:%s\n", c.user, c.password) // want `basic-auth password reaches fmt.Fprintf`
}

func (c *Client) logConfig() {
	log.Println("vault token: " + c.cfg.Token) // want `X-Vault-Token header value reaches log.Println`
}

func logPrivate() {
	log.Print(privateToken) // want `Private-Token header value reaches log.Print`
}

func (c *Client) logHeader() {
	log.Printf("auth: %s", c.authHeader()) // want `Authorization header value reaches log.Printf`
}

// Silent: the user name, the scheme and the parameter sent with it (two
// values make that header: neither is known to be the credential), a
// request id, and the token's length and prefix.
func (c *Client) silent() {
	log.Printf("user %s, scheme %s, param %s, request %s", c.user, c.scheme, c.param, c.requestID)
	log.Printf("token of %d bytes, %s...", len(c.token), c.token[:4])
}

// The map of headers an SDK's client sets on the request it builds,
// keyed by a credential header: the token is sent as one.
type callOpts struct {
	Path         string
	ExtraHeaders map[string]string
}

func (c *Client) call(opts *callOpts) (*http.Response, error) {
	req, err := http.NewRequest(http.MethodGet, opts.Path, nil)
	if err != nil {
		return nil, err
	}
	for k, v := range opts.ExtraHeaders {
		req.Header.Add(k, v)
	}
	return http.DefaultClient.Do(req)
}

func (c *Client) move(token, path string) {
	opts := callOpts{Path: path, ExtraHeaders: map[string]string{"Authorization": "Bearer " + token}}
	if _, err := c.call(&opts); err != nil {
		log.Printf("bad token %v", token) // want `Authorization header value reaches log.Printf`
	}
}

// Silent: the same map, keyed by a header that is no credential.
func (c *Client) trace(traceID, path string) {
	opts := callOpts{Path: path, ExtraHeaders: map[string]string{"X-Trace-Id": traceID}}
	if _, err := c.call(&opts); err != nil {
		log.Printf("trace %v failed", traceID)
	}
}

// Nullable settings: each field holds a sql.NullString, whose String
// field is one variable for all of them. The token is told apart by the
// field that holds it.
type nullConfig struct {
	Token sql.NullString
	Host  sql.NullString
}

func newNullClient(conf nullConfig) *Client {
	return &Client{token: conf.Token.String}
}

func logNullConfig(conf nullConfig) {
	// Silent: the host.
	log.Printf("host %s", conf.Host.String)
	log.Printf("token %s", conf.Token.String) // want `Authorization header value reaches log.Printf`
}
