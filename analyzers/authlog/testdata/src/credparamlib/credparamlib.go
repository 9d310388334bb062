// Package credparamlib authorizes requests with the credentials its
// callers pass.
package credparamlib

import "net/http"

// SetToken authorizes req with a bearer token.
func SetToken(req *http.Request, token string) {
	req.Header.Set("Authorization", "Bearer "+token)
}

func setKey(req *http.Request, key string) { req.Header["X-Api-Key"] = []string{key} }

// Apply sets the API key through a helper.
func Apply(req *http.Request, apiKey string) { setKey(req, apiKey) }

// Tag sets a request id: no credential.
func Tag(req *http.Request, id string) { req.Header.Set("X-Request-Id", id) }

// SetAuth authorizes req and reports an error, as setters of auth
// plug-ins do: its result does not hide what it sends.
func SetAuth(req *http.Request, token string) error {
	req.Header.Set("Authorization", "Bearer "+token)
	return nil
}
