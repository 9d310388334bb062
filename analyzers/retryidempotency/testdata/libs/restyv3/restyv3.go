// Package restyv3 is resty.dev/v3: the v2 model, except that v3 retries
// only idempotent methods unless SetRetryAllowNonIdempotent says
// otherwise, and keeps its default conditions (a transport error that is
// a timeout) next to the ones added.
package restyv3

import (
	"time"

	"resty.dev/v3"
)

type Client struct {
	http *resty.Client
}

func New() *Client {
	return &Client{http: resty.New().SetRetryCount(3).SetRetryAllowNonIdempotent(true).SetRetryWaitTime(time.Second)}
}

type Order struct{ ID string }

func (c *Client) Create(o Order) error {
	_, err := c.http.R().SetBody(o).Post("https://api.example.com/orders") // want `POST is sent through a resty client with SetRetryCount and SetRetryAllowNonIdempotent`
	return err
}

// The switch on the request, and conditions added to the defaults.
func patch(o Order) error {
	client := resty.New()
	client.SetRetryCount(2).AddRetryConditions(resty.RetryConditionStatus5XX)
	_, err := client.R().SetRetryAllowNonIdempotent(true).SetBody(o).Patch("https://api.example.com/orders/1") // want `PATCH is sent through a resty client with SetRetryCount and SetRetryAllowNonIdempotent`
	return err
}

// ---- must stay silent ----

// v3 sends a POST once without the switch, however many retries.
func plainRetries(o Order) error {
	client := resty.New().SetRetryCount(3)
	_, err := client.R().SetBody(o).Post("https://api.example.com/orders")
	return err
}

func (c *Client) CreateKeyed(o Order, key string) error {
	_, err := c.http.R().SetHeader("Idempotency-Key", key).SetBody(o).Post("https://api.example.com/orders")
	return err
}

func (c *Client) Get() error {
	_, err := c.http.R().Get("https://api.example.com/orders")
	return err
}

// The default conditions off and none added: nothing is retried.
func defaultsOff(o Order) error {
	client := resty.New().SetRetryCount(3).SetRetryAllowNonIdempotent(true).SetRetryDefaultConditions(false)
	_, err := client.R().SetBody(o).Post("https://api.example.com/orders")
	return err
}

// The switch on, then off again on the request.
func switchedOff(o Order) error {
	client := resty.New().SetRetryCount(3).SetRetryAllowNonIdempotent(true)
	_, err := client.R().SetRetryAllowNonIdempotent(false).SetBody(o).Post("https://api.example.com/orders")
	return err
}
