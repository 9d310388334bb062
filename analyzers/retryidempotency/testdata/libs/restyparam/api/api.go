// Package api sends its requests through the resty client its caller
// configured and hands in, as the service packages of an SDK do.
package api

import (
	"crypto/rand"

	"github.com/go-resty/resty/v2"
)

// CreateSecret sends a POST with no idempotency key through c.
func CreateSecret(c *resty.Client, key, value string) (*resty.Response, error) { // want CreateSecret:`restywrite\(POST via param 0\)`
	return c.R().SetBody(map[string]string{"value": value}).Post("/v3/secrets/" + key)
}

// Create hands its client on to CreateSecret.
func Create(name string, c *resty.Client) error { // want Create:`restywrite\(POST via param 1\)`
	_, err := CreateSecret(c, name, "")
	return err
}

// GetSecret reads: a GET, retried safely.
func GetSecret(c *resty.Client, key string) (*resty.Response, error) {
	return c.R().Get("/v3/secrets/" + key)
}

// CreateKeyed sends its POST with a key made once for all attempts.
func CreateKeyed(c *resty.Client, key, value string) (*resty.Response, error) {
	return c.R().SetHeader("Idempotency-Key", rand.Text()).SetBody(map[string]string{"value": value}).Post("/v3/secrets/" + key)
}

// Default sends a POST through a client of its own, not its caller's.
func Default(key string) (*resty.Response, error) {
	return resty.New().R().Post("/v3/secrets/" + key)
}

// Send posts the request it is handed, as its caller prepared it: the
// headers, a key among them, are its caller's.
func Send(r *resty.Request, path string) (*resty.Response, error) {
	return r.Post(path)
}
