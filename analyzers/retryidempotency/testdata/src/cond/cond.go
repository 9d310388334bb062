// Package cond holds writes in conditions polled by retry helpers: the
// helper calls its condition again when it returns (false, nil), and stops
// on done or on an error.
package cond

import (
	"net/http"
	"strings"
	"time"
)

// poll calls cond until it is done or fails, as wait.ExponentialBackoff
// does.
func poll(steps int, cond func() (done bool, err error)) error {
	for i := 0; i < steps; i++ {
		if ok, err := cond(); err != nil || ok {
			return err
		}
		time.Sleep(time.Second)
	}
	return nil
}

// Condition is a named condition type.
type Condition func() (bool, error)

// run recovers a panic of the condition, as wait's
// runConditionWithCrashProtection does.
func run(c Condition) (bool, error) {
	defer func() { _ = recover() }()
	return c()
}

// pollSafe calls cond through run.
func pollSafe(steps int, cond Condition) error {
	for i := 0; i < steps; i++ {
		done, err := run(cond)
		if err != nil {
			return err
		}
		if done {
			return nil
		}
		time.Sleep(time.Second)
	}
	return nil
}

func register(c *http.Client, url string) error {
	return poll(4, func() (bool, error) {
		resp, err := c.Post(url, "application/json", strings.NewReader("{}")) // want `POST is retried by poll after a transport error without an idempotency key`
		if err != nil {
			return false, nil // try again
		}
		defer resp.Body.Close()
		return resp.StatusCode < 500, nil
	})
}

func enroll(c *http.Client, url string) error {
	return pollSafe(4, func() (bool, error) {
		req, err := http.NewRequest(http.MethodPatch, url, nil)
		if err != nil {
			return false, err
		}
		resp, err := c.Do(req) // want `PATCH is retried by pollSafe after status 500 without an idempotency key`
		if err != nil {
			return false, err
		}
		defer resp.Body.Close()
		return resp.StatusCode < 500, nil
	})
}

// ---- must stay silent ----

// A transport error ends the poll: it is not retried.
func stopsOnError(c *http.Client, url string) error {
	return poll(4, func() (bool, error) {
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
	return poll(4, func() (bool, error) {
		resp, err := c.Post(url, "application/json", nil)
		if err != nil {
			return true, nil
		}
		return true, resp.Body.Close()
	})
}

// A poll that sends only GETs.
func waitReady(c *http.Client, url string) error {
	return poll(10, func() (bool, error) {
		resp, err := c.Get(url)
		if err != nil {
			return false, nil
		}
		defer resp.Body.Close()
		return resp.StatusCode == http.StatusOK, nil
	})
}

// One key for every attempt.
func keyed(c *http.Client, url, key string) error {
	return poll(4, func() (bool, error) {
		req, err := http.NewRequest(http.MethodPost, url, nil)
		if err != nil {
			return false, err
		}
		req.Header.Set("Idempotency-Key", key)
		resp, err := c.Do(req)
		if err != nil {
			return false, nil
		}
		defer resp.Body.Close()
		return true, nil
	})
}

// once calls its condition once: no retry.
func once(cond func() (bool, error)) error {
	_, err := cond()
	return err
}

func onceOnly(c *http.Client, url string) error {
	return once(func() (bool, error) {
		resp, err := c.Post(url, "application/json", nil)
		if err != nil {
			return false, nil
		}
		defer resp.Body.Close()
		return true, nil
	})
}

// untilErr calls cond until it fails: done carries no meaning, and an
// error ends it.
func untilErr(cond func() (bool, error)) error {
	for {
		if _, err := cond(); err != nil {
			return err
		}
	}
}

func untilFailure(c *http.Client, url string) error {
	return untilErr(func() (bool, error) {
		resp, err := c.Post(url, "application/json", nil)
		if err != nil {
			return false, err
		}
		defer resp.Body.Close()
		return false, nil
	})
}
