// Package poll holds writes in conditions polled by Kubernetes' wait
// package and retried by client-go's retry package.
package poll

import (
	"context"
	"net/http"
	"strings"
	"time"

	"k8s.io/apimachinery/pkg/util/wait"
	"k8s.io/client-go/util/retry"
)

var backoff = wait.Backoff{Steps: 5, Duration: time.Second, Factor: 2}

func register(c *http.Client, url string) error {
	return wait.ExponentialBackoff(backoff, func() (bool, error) {
		resp, err := c.Post(url, "application/json", strings.NewReader("{}")) // want `POST is retried by ExponentialBackoff after a transport error without an idempotency key`
		if err != nil {
			return false, nil // try again
		}
		defer resp.Body.Close()
		return resp.StatusCode < 500, nil
	})
}

func enroll(ctx context.Context, c *http.Client, url string) error {
	return wait.PollUntilContextTimeout(ctx, time.Second, time.Minute, true, func(ctx context.Context) (bool, error) {
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, url, nil)
		if err != nil {
			return false, err
		}
		resp, err := c.Do(req) // want `POST is retried by PollUntilContextTimeout after status 500 without an idempotency key`
		if err != nil {
			return false, err
		}
		defer resp.Body.Close()
		return resp.StatusCode < 500, nil
	})
}

// ---- must stay silent ----

// A poll that sends only GETs.
func waitReady(ctx context.Context, c *http.Client, url string) error {
	return wait.PollUntilContextCancel(ctx, time.Second, true, func(ctx context.Context) (bool, error) {
		req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
		if err != nil {
			return false, err
		}
		resp, err := c.Do(req)
		if err != nil {
			return false, nil
		}
		defer resp.Body.Close()
		return resp.StatusCode == http.StatusOK, nil
	})
}

// A transport error ends the backoff: ExponentialBackoff stops on an
// error.
func stopsOnError(ctx context.Context, c *http.Client, url string) error {
	return wait.ExponentialBackoffWithContext(ctx, backoff, func(ctx context.Context) (bool, error) {
		resp, err := c.Post(url, "application/json", nil)
		if err != nil {
			return false, err
		}
		defer resp.Body.Close()
		return true, nil
	})
}

// A transport error counts as done.
func doneOnError(c *http.Client, url string) error {
	return wait.ExponentialBackoff(backoff, func() (bool, error) {
		resp, err := c.Post(url, "application/json", nil)
		if err != nil {
			return true, nil
		}
		return true, resp.Body.Close()
	})
}

// RetryOnConflict retries only a 409 conflict, a definite rejection.
func update(c *http.Client, url string) error {
	return retry.RetryOnConflict(retry.DefaultRetry, func() error {
		req, err := http.NewRequest(http.MethodPost, url, nil)
		if err != nil {
			return err
		}
		resp, err := c.Do(req)
		if err != nil {
			return err
		}
		return resp.Body.Close()
	})
}
