// Package restymwok keys its writes in a resty middleware that keeps the
// key a request already has: every attempt carries the first one.
package restymwok

import (
	"context"
	"crypto/rand"
	"net/http"

	"github.com/go-resty/resty/v2"
)

const keyHeader = "Idempotency-Key"

func New() *resty.Client {
	rc := resty.New().SetRetryCount(3)
	rc.AddRetryCondition(transient)
	rc.OnBeforeRequest(ensureKey)
	return rc
}

func transient(r *resty.Response, err error) bool { // want transient:"predicate\\(transport=true\\)"
	return err != nil || r.StatusCode() == http.StatusBadGateway
}

func ensureKey(_ *resty.Client, r *resty.Request) error {
	if r.Method != resty.MethodPost {
		return nil
	}
	if r.Header.Get(keyHeader) == "" {
		r.SetHeader(keyHeader, rand.Text())
	}
	return nil
}

func create(ctx context.Context, rc *resty.Client, body any) error {
	_, err := rc.R().SetContext(ctx).SetBody(body).Post("https://api.example.com/invoices")
	return err
}
