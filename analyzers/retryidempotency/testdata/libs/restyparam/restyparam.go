// Package restyparam configures a resty client whose retry condition
// retries transport errors for any method, and hands it to package api,
// which sends POSTs through it with no idempotency key.
package restyparam

import (
	"errors"
	"net"

	"github.com/go-resty/resty/v2"

	"libs/restyparam/api"
)

func newClient() *resty.Client {
	return resty.New().
		SetRetryCount(3).
		AddRetryCondition(func(r *resty.Response, err error) bool { // want `resty retry condition retries a transport error \(an unknown outcome\) whatever the request's method`
			var netErr net.Error
			return errors.As(err, &netErr)
		})
}

// Store creates a secret through the api package.
func Store(name string) error {
	return api.Create(name, newClient())
}
