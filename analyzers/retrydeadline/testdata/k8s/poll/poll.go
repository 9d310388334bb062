// Package poll holds Kubernetes' waits that ignore the caller's context,
// and per-attempt timeouts in their conditions.
package poll

import (
	"context"
	"net/http"
	"time"

	"k8s.io/apimachinery/pkg/util/wait"
	"k8s.io/client-go/util/retry"
)

var backoff = wait.Backoff{Steps: 5, Duration: time.Second, Factor: 2}

func ready(ctx context.Context, c *http.Client, url string) error {
	return wait.ExponentialBackoff(backoff, func() (bool, error) { // want `wait.ExponentialBackoff waits with time.Sleep, which ignores cancellation of ctx`
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

func readyNamed(r *http.Request, cond wait.ConditionFunc) error {
	return wait.ExponentialBackoff(backoff, cond) // want `wait.ExponentialBackoff waits with time.Sleep, which ignores cancellation of r.Context\(\)`
}

func background(ctx context.Context, c *http.Client, url string) error {
	return wait.PollUntilContextCancel(context.Background(), time.Second, true, func(ctx context.Context) (bool, error) { // want `wait.PollUntilContextCancel is given context.Background\(\) instead of ctx`
		req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
		if err != nil {
			return false, err
		}
		resp, err := c.Do(req)
		if err != nil {
			return false, nil
		}
		return true, resp.Body.Close()
	})
}

// Each attempt gets ten seconds of its own, and the poll never ends.
func forever(c *http.Client, url string) error {
	return wait.PollUntilContextCancel(context.Background(), time.Second, true, func(context.Context) (bool, error) {
		actx, cancel := context.WithTimeout(context.Background(), 10*time.Second) // want `per-attempt timeout \(context.WithTimeout\) inside an operation retried by PollUntilContextCancel but no overall deadline`
		defer cancel()
		req, err := http.NewRequestWithContext(actx, http.MethodGet, url, nil)
		if err != nil {
			return false, err
		}
		resp, err := c.Do(req)
		if err != nil {
			return false, nil
		}
		return true, resp.Body.Close()
	})
}

// ---- must stay silent ----

// The context-taking variant.
func readyCtx(ctx context.Context, c *http.Client, url string) error {
	return wait.ExponentialBackoffWithContext(ctx, backoff, func(ctx context.Context) (bool, error) {
		req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
		if err != nil {
			return false, err
		}
		resp, err := c.Do(req)
		if err != nil {
			return false, nil
		}
		return true, resp.Body.Close()
	})
}

// No context at hand.
func readyNoCtx(c *http.Client, url string) error {
	return wait.ExponentialBackoff(backoff, func() (bool, error) {
		resp, err := c.Get(url)
		if err != nil {
			return false, nil
		}
		return true, resp.Body.Close()
	})
}

// The timeout bounds the whole poll.
func timed(c *http.Client, url string) error {
	return wait.PollUntilContextTimeout(context.Background(), time.Second, time.Minute, true, func(context.Context) (bool, error) {
		actx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		req, err := http.NewRequestWithContext(actx, http.MethodGet, url, nil)
		if err != nil {
			return false, err
		}
		resp, err := c.Do(req)
		if err != nil {
			return false, nil
		}
		return true, resp.Body.Close()
	})
}

// RetryOnConflict, with no context at hand.
func update(c *http.Client, url string) error {
	return retry.RetryOnConflict(retry.DefaultRetry, func() error {
		req, err := http.NewRequest(http.MethodPut, url, nil)
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
