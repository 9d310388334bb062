// Package closure holds writes in local closures that a loop retries.
package closure

import (
	"net/http"
	"time"
)

// The closure is made before the loop.
func createBefore(c *http.Client, url string) error {
	send := func() error {
		req, err := http.NewRequest(http.MethodPost, url, nil)
		if err != nil {
			return err
		}
		resp, err := c.Do(req) // want `POST is retried after a transport error without an idempotency key`
		if err != nil {
			return err
		}
		return resp.Body.Close()
	}
	var err error
	for range 3 {
		if err = send(); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

// The closure is made in the loop: the key goes before the loop.
func createInside(c *http.Client, url string) (*http.Response, error) {
	for {
		do := func() (*http.Response, error) {
			resp, err := c.Post(url, "application/json", nil) // want `POST is retried after a transport error without an idempotency key`
			return resp, err
		}
		resp, err := do()
		if err == nil {
			return resp, nil
		}
	}
}

// ---- must stay silent ----

// The loop gives up when the closure fails.
func stopsOnError(c *http.Client, url string) error {
	send := func() error {
		resp, err := c.Post(url, "application/json", nil)
		if err != nil {
			return err
		}
		return resp.Body.Close()
	}
	for range 3 {
		if err := send(); err != nil {
			return err
		}
	}
	return nil
}

// A GET in the closure.
func get(c *http.Client, url string) error {
	fetch := func() error {
		resp, err := c.Get(url)
		if err != nil {
			return err
		}
		return resp.Body.Close()
	}
	var err error
	for range 3 {
		if err = fetch(); err == nil {
			return nil
		}
	}
	return err
}

// One key for every attempt, made before the closure.
func keyed(c *http.Client, url, key string) error {
	send := func() error {
		req, err := http.NewRequest(http.MethodPost, url, nil)
		if err != nil {
			return err
		}
		req.Header.Set("Idempotency-Key", key)
		resp, err := c.Do(req)
		if err != nil {
			return err
		}
		return resp.Body.Close()
	}
	var err error
	for range 3 {
		if err = send(); err == nil {
			return nil
		}
	}
	return err
}
