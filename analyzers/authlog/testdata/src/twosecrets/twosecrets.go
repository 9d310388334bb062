// Package twosecrets prints whole a struct with two secret fields.
package twosecrets

import (
	"fmt"
	"log"
	"net/http"
)

type tokenResponse struct {
	AccessToken  string `json:"access_token"` // want `tokenResponse.AccessToken holds a secret, and a log prints tokenResponse whole: AccessToken and RefreshToken reach log.Printf`
	RefreshToken string `json:"refresh_token"`
	ExpiresIn    int    `json:"expires_in"`
}

func logToken(tr tokenResponse) {
	log.Printf("token response: %+v", tr)
}

type page struct {
	Items     []string
	NextToken string
}

// Silent: a page token is no credential.
func logPage(p page) {
	log.Printf("page: %+v", p)
}

func fetch(c *http.Client, u string) (*http.Response, error) { return c.Get(u) }

// Config's String method prints its key: a log of any Config shows it.
type Config struct {
	Endpoint string
	APIKey   string
}

func (c Config) String() string { // want String:`authlog\(result0=secret prints=f0,f1\)`
	return fmt.Sprintf("Config{Endpoint: %s, APIKey: %s}", c.Endpoint, c.APIKey) // want `secret field twosecrets.Config.APIKey reaches the text of \(Config\).String, which log.Printf prints`
}

func newClient(cfg Config) {
	log.Printf("creating client with %s", cfg)
}

// Settings' String method leaves its password out: silent.
type Settings struct {
	Host     string
	Password string
}

func (s Settings) String() string { // want String:`authlog\(prints=f0\)`
	return fmt.Sprintf("Settings{Host: %s}", s.Host)
}

func apply(s Settings) {
	log.Printf("applying %s", s)
}
