// Package twosecrets prints whole a struct with two secret fields.
package twosecrets

import (
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
