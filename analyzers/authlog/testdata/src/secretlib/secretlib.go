// Package secretlib holds a client's configuration and helpers that
// return or log its secrets, for the callers in package secretvalue.
package secretlib

import (
	"log"
	"net/http"
)

// Config configures a client.
type Config struct {
	Endpoint     string
	Username     string
	Password     string
	PasswordFile string
	ClientSecret string `json:"client_secret"`
}

// Client calls an API.
type Client struct {
	cfg  Config
	http *http.Client
}

// Secret returns the client's secret: its result carries it.
func (c *Client) Secret() string { // want Secret:`authlog\(result0=secret\)`
	return c.cfg.ClientSecret
}

// Endpoint returns the endpoint: no secret.
func (c *Client) Endpoint() string {
	return c.cfg.Endpoint
}

// Debugf logs what it is given.
func Debugf(format string, args ...any) { // want Debugf:`authlog\(sink=log.Printf printf=p0:p1\)`
	log.Printf("[debug] "+format, args...)
}
