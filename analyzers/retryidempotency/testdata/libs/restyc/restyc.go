package restyc

import (
	"time"

	"github.com/go-resty/resty/v2"
)

type Client struct {
	http *resty.Client
}

func New() *Client {
	return &Client{http: resty.New().SetRetryCount(3).SetRetryWaitTime(time.Second)}
}

type Order struct{ ID string }

func (c *Client) Create(o Order) error {
	_, err := c.http.R().SetBody(o).Post("https://api.example.com/orders") // want `POST is sent through a resty client with SetRetryCount`
	return err
}

func patch(o Order) error {
	client := resty.New()
	client.SetRetryCount(2)
	req := client.R().SetBody(o)
	_, err := req.Patch("https://api.example.com/orders/1") // want `PATCH is sent through a resty client with SetRetryCount`
	return err
}

func execute(o Order) error {
	client := resty.New().SetRetryCount(2)
	_, err := client.R().SetBody(o).Execute(resty.MethodPost, "https://api.example.com/orders") // want `POST is sent through a resty client`
	return err
}

// ---- must stay silent ----

func (c *Client) CreateKeyed(o Order, key string) error {
	_, err := c.http.R().SetHeader("Idempotency-Key", key).SetBody(o).Post("https://api.example.com/orders")
	return err
}

func (c *Client) Get() error {
	_, err := c.http.R().Get("https://api.example.com/orders")
	return err
}

func noRetry(o Order) error {
	_, err := resty.New().R().SetBody(o).Post("https://api.example.com/orders")
	return err
}

func conditions(o Order) error {
	client := resty.New().SetRetryCount(3).AddRetryCondition(func(r *resty.Response, err error) bool {
		return r.StatusCode() == 429
	})
	_, err := client.R().SetBody(o).Post("https://api.example.com/orders")
	return err
}
