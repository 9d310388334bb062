// Package unrolled retries without a loop: an attempt and, after its
// failure, the same call once more.
package unrolled

import (
	"bytes"
	"net/http"
	"time"
)

// CreateOrder posts an order, and builds and posts it once more after a
// transport error.
func CreateOrder(c *http.Client, url string, body []byte) (*http.Response, error) { // want CreateOrder:`write\(POST\)`
	req, err := http.NewRequest(http.MethodPost, url, bytes.NewReader(body))
	if err != nil {
		return nil, err
	}
	resp, err := c.Do(req) // want `POST is sent again after a transport error without an idempotency key`
	if err != nil {
		time.Sleep(time.Second)
		req, err = http.NewRequest(http.MethodPost, url, bytes.NewReader(body))
		if err != nil {
			return nil, err
		}
		resp, err = c.Do(req)
	}
	return resp, err
}

// PostURL posts with the URL-shaped call, and once more after an error.
func PostURL(c *http.Client, url string, body []byte) (*http.Response, error) { // want PostURL:`write\(POST\)`
	resp, err := c.Post(url, "application/json", bytes.NewReader(body)) // want `POST is sent again after a transport error without an idempotency key`
	if err != nil {
		resp, err = c.Post(url, "application/json", bytes.NewReader(body))
	}
	return resp, err
}

// Resend sends the request it is handed once more after an error,
// whatever its method.
func Resend(c *http.Client, req *http.Request) (*http.Response, error) { // want Resend:`sends\(param 1\)` Resend:`resends\(param 1 after a transport error\)`
	resp, err := c.Do(req) // want `a request of any method is re-sent after a transport error without a check of its method`
	if err != nil {
		resp, err = c.Do(req)
	}
	return resp, err
}

// ---- must stay silent ----

// Refreshed posts again after a 401 with a new token: the server refused
// the first attempt.
func Refreshed(c *http.Client, url string, body []byte, token func() string) (*http.Response, error) { // want Refreshed:`write\(POST\)`
	req, err := http.NewRequest(http.MethodPost, url, bytes.NewReader(body))
	if err != nil {
		return nil, err
	}
	resp, err := c.Do(req)
	if err == nil && resp.StatusCode == http.StatusUnauthorized {
		resp.Body.Close()
		req, err = http.NewRequest(http.MethodPost, url, bytes.NewReader(body))
		if err != nil {
			return nil, err
		}
		req.Header.Set("Authorization", "Bearer "+token())
		resp, err = c.Do(req)
	}
	return resp, err
}

// GetTwice reads once more after an error.
func GetTwice(c *http.Client, url string) (*http.Response, error) {
	resp, err := c.Get(url)
	if err != nil {
		resp, err = c.Get(url)
	}
	return resp, err
}

// Mirror posts to a second server after a failure: not the same call.
func Mirror(c *http.Client, primary, secondary string, body []byte) (*http.Response, error) { // want Mirror:`write\(POST\)`
	resp, err := c.Post(primary, "application/json", bytes.NewReader(body))
	if err != nil {
		resp, err = c.Post(secondary, "application/json", bytes.NewReader(body))
	}
	return resp, err
}
