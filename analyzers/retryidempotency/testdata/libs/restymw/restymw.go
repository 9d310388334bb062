// Package restymw keys its writes in a resty middleware that makes a new
// key before every attempt.
package restymw

import (
	"context"
	"crypto/rand"
	"net/http"

	"github.com/go-resty/resty/v2"
)

func New() *resty.Client {
	rc := resty.New().SetRetryCount(3)
	rc.AddRetryCondition(func(r *resty.Response, err error) bool {
		return err != nil || r.StatusCode() == http.StatusBadGateway
	})
	rc.OnBeforeRequest(func(_ *resty.Client, r *resty.Request) error {
		if r.Method == resty.MethodPost {
			r.SetHeader("Idempotency-Key", rand.Text()) // want `resty runs OnBeforeRequest before every attempt, and this middleware sets a new Idempotency-Key each time`
		}
		return nil
	})
	return rc
}

func create(ctx context.Context, rc *resty.Client, body any) error {
	_, err := rc.R().SetContext(ctx).SetBody(body).Post("https://api.example.com/orders")
	return err
}
