// Package optclient posts through gojek/heimdall's HTTP client, which
// re-sends a request of any method while its retry count, 0 unless
// WithRetryCount sets it, allows.
package optclient

import (
	"bytes"
	"net/http"
	"time"

	"github.com/gojek/heimdall/v7"
	"github.com/gojek/heimdall/v7/httpclient"
)

const url = "https://api.example.com/orders"

// retried: a client with retries posts without a key.
func retried(body []byte) error {
	c := httpclient.NewClient(
		httpclient.WithRetryCount(4),
		httpclient.WithRetrier(heimdall.NewRetrier(heimdall.NewConstantBackoff(10*time.Millisecond, 50*time.Millisecond))),
	)
	req, err := http.NewRequest(http.MethodPost, url, bytes.NewReader(body))
	if err != nil {
		return err
	}
	resp, err := c.Do(req) // want `POST is handed to httpclient Client.Do, which re-sends it after a transport error or status 500, without an idempotency key`
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// once, silent: a client built without a retry count sends the POST once.
func once(body []byte) error {
	c := httpclient.NewClient(httpclient.WithHTTPTimeout(5 * time.Second))
	req, err := http.NewRequest(http.MethodPost, url, bytes.NewReader(body))
	if err != nil {
		return err
	}
	resp, err := c.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}
