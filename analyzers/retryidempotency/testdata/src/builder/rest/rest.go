// Package rest is a request builder of another package: the verb is a
// field of the builder, set by whoever made it.
package rest

import (
	"context"
	"net/http"
)

// Request describes one call; its maker chooses the verb.
type Request struct {
	verb string
	path string
}

// New returns a builder for verb and path.
func New(verb, path string) *Request { return &Request{verb: verb, path: path} }

// HTTPRequest builds the request with the builder's verb.
func (r *Request) HTTPRequest(ctx context.Context) (*http.Request, error) { // want HTTPRequest:`method\(receiver field verb\)`
	return http.NewRequestWithContext(ctx, r.verb, r.path, nil)
}
