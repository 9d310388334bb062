// Package wrapsender posts through the exported wrappers of a retrying
// sender of other packages.
package wrapsender

import (
	"bytes"
	"net/http"

	"wrapsender/core"
	"wrapsender/mid"
)

func CreateOrder(c *core.Client, body []byte) (*http.Response, error) { // want CreateOrder:`write\(POST\)`
	req, err := http.NewRequest(http.MethodPost, "https://api.example.com/orders", bytes.NewReader(body))
	if err != nil {
		return nil, err
	}
	return c.Do(req) // want `POST is handed to core Client.Do, which re-sends it after a transport error or status 500, without an idempotency key`
}

func CreateInvoice(a *mid.API, body []byte) (*http.Response, error) { // want CreateInvoice:`write\(POST\)`
	req, err := http.NewRequest(http.MethodPost, "https://api.example.com/invoices", bytes.NewReader(body))
	if err != nil {
		return nil, err
	}
	return a.Send(req) // want `POST is handed to mid API.Send, which re-sends it after a transport error or status 500, without an idempotency key`
}

// Silent: a GET may be sent again.
func Orders(c *core.Client) (*http.Response, error) {
	req, err := http.NewRequest(http.MethodGet, "https://api.example.com/orders", nil)
	if err != nil {
		return nil, err
	}
	return c.Do(req)
}

// Silent: Checked keeps writes from its loop.
func CreateChecked(c *core.Client, body []byte) (*http.Response, error) { // want CreateChecked:`write\(POST\)`
	req, err := http.NewRequest(http.MethodPost, "https://api.example.com/orders", bytes.NewReader(body))
	if err != nil {
		return nil, err
	}
	return c.Checked(req)
}

// Silent: one key for every attempt.
func CreateKeyed(c *core.Client, body []byte, key string) (*http.Response, error) { // want CreateKeyed:`write\(POST keyed\)`
	req, err := http.NewRequest(http.MethodPost, "https://api.example.com/orders", bytes.NewReader(body))
	if err != nil {
		return nil, err
	}
	req.Header.Set("Idempotency-Key", key)
	return c.Do(req)
}

// Silent: PostOnce tells the sender not to retry.
func CreateOnce(c *core.Client, body []byte) (*http.Response, error) { // want CreateOnce:`write\(POST\)`
	req, err := http.NewRequest(http.MethodPost, "https://api.example.com/orders", bytes.NewReader(body))
	if err != nil {
		return nil, err
	}
	return c.PostOnce(req)
}
