// Package restyctor sends through resty clients that package api makes.
package restyctor

import (
	restyv2 "github.com/go-resty/resty/v2"

	"libs/restyctor/api"
)

type Order struct{ ID string }

// A POST through api.Orders' client, which retries writes.
func CreateOrder(o Order) error {
	c := api.Orders()
	_, err := c.R().SetBody(o).Post("https://api.example.com/orders") // want `POST is sent through a resty client with SetRetryCount and SetRetryAllowNonIdempotent`
	return err
}

// A PATCH through api.Payments' v2 client, kept in a field.
type Billing struct{ c *restyv2.Client }

func NewBilling(base string) (*Billing, error) {
	c, err := api.Payments(base)
	if err != nil {
		return nil, err
	}
	return &Billing{c: c}, nil
}

func (b *Billing) Pay(amount int) error {
	_, err := b.c.R().SetBody(amount).Patch("/payments/1") // want `PATCH is sent through a resty client with SetRetryCount, which retries it`
	return err
}

// The caller turns retries on for a client that made one attempt.
func Retried(o Order) error {
	_, err := api.Once().SetRetryCount(2).R().SetBody(o).Post("https://api.example.com/orders") // want `POST is sent through a resty client with SetRetryCount`
	return err
}

// ---- must stay silent ----

// A GET through the same client.
func GetOrder() error {
	_, err := api.Orders().R().Get("https://api.example.com/orders/1")
	return err
}

// A POST with a key.
func CreateKeyed(o Order, key string) error {
	_, err := api.Orders().R().SetHeader("Idempotency-Key", key).SetBody(o).Post("https://api.example.com/orders")
	return err
}

// v3 sends a POST once without SetRetryAllowNonIdempotent.
func CreateCatalog(o Order) error {
	_, err := api.Catalog().R().SetBody(o).Post("https://api.example.com/items")
	return err
}

// One attempt.
func CreateOnce(o Order) error {
	_, err := api.Once().R().SetBody(o).Post("https://api.example.com/orders")
	return err
}

// The caller switches the retries off.
func CreateNoRetry(o Order) error {
	_, err := api.Orders().SetRetryCount(0).R().SetBody(o).Post("https://api.example.com/orders")
	return err
}

// A constructor that returns one of two clients is none.
func CreateEither(o Order) error {
	_, err := api.Either(false).R().SetBody(o).Post("https://api.example.com/orders")
	return err
}
