// Package restyparamok hands a client that retries transport errors to
// package api only for reads and for writes that carry a key: it must
// stay silent.
package restyparamok

import (
	"crypto/rand"
	"errors"
	"net"

	"github.com/go-resty/resty/v2"

	"libs/restyparam/api"
)

func newClient() *resty.Client {
	return resty.New().
		SetRetryCount(3).
		AddRetryCondition(func(r *resty.Response, err error) bool {
			var netErr net.Error
			return errors.As(err, &netErr)
		})
}

// Load reads a secret, and stores one with a key.
func Load(name string) error {
	c := newClient()
	if _, err := api.GetSecret(c, name); err != nil {
		return err
	}
	_, err := api.CreateKeyed(c, name, "v")
	return err
}

// Fresh has api send a POST through a client api makes itself, which
// does not retry.
func Fresh(name string) error {
	_, err := api.Default(name)
	return err
}

// Plain has api send its POST through a client that does not retry.
func Plain(name string) error {
	return api.Create(name, resty.New())
}

// Prepared hands api a request that carries a key made once for its
// attempts.
func Prepared(name string) error {
	_, err := api.Send(newClient().R().SetHeader("Idempotency-Key", rand.Text()), "/v3/secrets/"+name)
	return err
}
