// Package helper holds writes handed to retry helpers as closures.
package helper

import (
	"context"
	"net/http"
	"strings"
	"time"

	"helper/backoff"
)

// retry is a local retry helper.
func retry(attempts int, fn func() error) error {
	var err error
	for i := 0; i < attempts; i++ {
		if err = fn(); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

func createOrder(c *http.Client, url string) error {
	return retry(3, func() error {
		req, err := http.NewRequest(http.MethodPost, url, strings.NewReader("{}"))
		if err != nil {
			return err
		}
		resp, err := c.Do(req) // want `POST is retried by retry after a transport error without an idempotency key`
		if err != nil {
			return err
		}
		return resp.Body.Close()
	})
}

func chargeCard(ctx context.Context, c *http.Client, url string) error {
	charge := func(ctx context.Context) error {
		resp, err := c.Post(url, "application/json", strings.NewReader("{}")) // want `POST is retried by Do after a transport error without an idempotency key`
		if err != nil {
			return err
		}
		return resp.Body.Close()
	}
	return backoff.Do(ctx, 3, charge)
}

func failOn5xx(c *http.Client, url string) error {
	return retry(3, func() error {
		req, err := http.NewRequest(http.MethodPatch, url, nil)
		if err != nil {
			return err
		}
		resp, err := c.Do(req) // want `PATCH is retried by retry after status 500 without an idempotency key`
		if err != nil {
			return nil // a transport error is given up on, silently
		}
		defer resp.Body.Close()
		if resp.StatusCode >= 500 {
			return context.DeadlineExceeded
		}
		return nil
	})
}

// ---- must stay silent ----

// One key for every attempt.
func keyedOnce(c *http.Client, url, key string) error {
	return retry(3, func() error {
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
	})
}

// A GET may be retried.
func get(c *http.Client, url string) error {
	return retry(3, func() error {
		resp, err := c.Get(url)
		if err != nil {
			return err
		}
		return resp.Body.Close()
	})
}

// Called once: no retry.
func once(c *http.Client, url string) error {
	return backoff.Once(func() error {
		resp, err := c.Post(url, "application/json", nil)
		if err != nil {
			return err
		}
		return resp.Body.Close()
	})
}

// One request per item: iteration.
func each(c *http.Client, urls []string) error {
	return backoff.Each(urls, func(u string) error {
		resp, err := c.Post(u, "application/json", nil)
		if err != nil {
			return err
		}
		return resp.Body.Close()
	})
}

// The operation swallows the unknown outcome: nothing is retried.
func swallowed(c *http.Client, url string) error {
	return retry(3, func() error {
		resp, err := c.Post(url, "application/json", nil)
		if err != nil {
			return nil
		}
		return resp.Body.Close()
	})
}
