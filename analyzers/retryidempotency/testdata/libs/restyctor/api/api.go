// Package api makes the resty clients the rest of the module shares.
package api

import (
	"errors"
	"time"

	restyv2 "github.com/go-resty/resty/v2"
	"resty.dev/v3"
)

// Orders returns a v3 client that retries writes too.
func Orders() *resty.Client {
	return resty.New().SetRetryCount(3).SetRetryAllowNonIdempotent(true).SetTimeout(5 * time.Second)
}

// Payments returns a v2 client that retries, or an error.
func Payments(base string) (*restyv2.Client, error) {
	if base == "" {
		return nil, errors.New("api: no base URL")
	}
	c := restyv2.New()
	c.SetBaseURL(base)
	c.SetRetryCount(2)
	return c, nil
}

// Catalog returns a v3 client whose retries stay with idempotent methods.
func Catalog() *resty.Client {
	return resty.New().SetRetryCount(3)
}

// Once returns a v2 client that makes one attempt.
func Once() *restyv2.Client {
	return restyv2.New().SetRetryCount(0).SetTimeout(time.Second)
}

// Either returns one of two clients, configured differently.
func Either(fast bool) *restyv2.Client {
	if fast {
		return restyv2.New()
	}
	return restyv2.New().SetRetryCount(3)
}
