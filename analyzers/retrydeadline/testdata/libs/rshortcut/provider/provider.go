// Package provider hands out a retrying client through an interface, as
// a service registry does.
package provider

import "github.com/hashicorp/go-retryablehttp"

type HTTPClientProvider interface {
	HTTPClient() *retryablehttp.Client
}

type Registry struct{ c *retryablehttp.Client }

func New() *Registry {
	c := retryablehttp.NewClient()
	c.RetryMax = 2
	return &Registry{c: c}
}

func (r *Registry) HTTPClient() *retryablehttp.Client { return r.c }
