// Package restycond holds resty clients whose retry conditions decide
// which attempts are retried.
package restycond

import (
	"context"
	"errors"
	"io"
	"net/http"

	"github.com/go-resty/resty/v2"
)

// ---- conditions kept in a list and consulted by a closure ----

type Client struct {
	resty      *resty.Client
	conditions []resty.RetryConditionFunc
}

func New() *Client {
	c := &Client{resty: resty.New()}
	c.addCondition(tooManyRequests).addCondition(connectionLost)
	c.resty.SetRetryCount(100).AddRetryCondition(c.check())
	return c
}

func (c *Client) addCondition(f resty.RetryConditionFunc) *Client {
	c.conditions = append(c.conditions, f)
	return c
}

func (c *Client) check() resty.RetryConditionFunc {
	return func(r *resty.Response, err error) bool {
		for _, f := range c.conditions {
			if f(r, err) {
				return true
			}
		}
		return false
	}
}

func tooManyRequests(r *resty.Response, _ error) bool {
	return r.StatusCode() == http.StatusTooManyRequests
}

func connectionLost(_ *resty.Response, err error) bool { // want `resty retry condition retries a transport error \(an unknown outcome\) whatever the request's method`
	return errors.Is(err, io.ErrUnexpectedEOF)
}

func (c *Client) Create(ctx context.Context, body any) error {
	_, err := c.resty.R().SetContext(ctx).SetBody(body).Post("https://api.example.com/things")
	return err
}

// ---- a literal condition on another client ----

func orders(body any) error {
	client := resty.New().SetRetryCount(3).AddRetryCondition(func(r *resty.Response, err error) bool { // want `resty retry condition retries a transport error`
		if err != nil {
			return true
		}
		return r.StatusCode() == http.StatusServiceUnavailable
	})
	_, err := client.R().SetBody(body).Post("https://api.example.com/orders")
	return err
}

// ---- must stay silent ----

// A condition that already decides by method.
func byMethod(body any) error {
	client := resty.New().SetRetryCount(3).AddRetryCondition(func(r *resty.Response, err error) bool {
		if r != nil && r.Request != nil && r.Request.Method == http.MethodPost {
			return false
		}
		return err != nil
	})
	_, err := client.R().SetBody(body).Patch("https://api.example.com/orders/1")
	return err
}
