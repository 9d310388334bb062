// Package closurevar holds attempts written as a closure made before the
// retry loop, and requests declared empty and assigned in the loop.
package closurevar

import (
	"context"
	"errors"
	"net/http"
	"time"
)

// The attempt is a closure made before the loop: its timeout is made on
// every call, one per attempt.
func load(url string) error {
	try := func() error {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second) // want `per-attempt timeout \(context.WithTimeout\) inside retry loop but no overall deadline`
		defer cancel()
		req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
		if err != nil {
			return err
		}
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			return err
		}
		return resp.Body.Close()
	}
	for i := 0; i < 3; i++ {
		if try() == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return errors.New("load: attempts exhausted")
}

// Silent: the same closure, once per item; a failure ends the loop.
func loadAll(urls []string) error {
	get := func(url string) error {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
		if err != nil {
			return err
		}
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			return err
		}
		return resp.Body.Close()
	}
	for _, u := range urls {
		if err := get(u); err != nil {
			return err
		}
	}
	return nil
}

// Silent: the closure's attempts derive from a deadline over the whole
// loop.
func loadBounded(ctx context.Context, url string) error {
	ctx, cancel := context.WithTimeout(ctx, 20*time.Second)
	defer cancel()
	try := func() error {
		actx, acancel := context.WithTimeout(ctx, 5*time.Second)
		defer acancel()
		req, err := http.NewRequestWithContext(actx, http.MethodGet, url, nil)
		if err != nil {
			return err
		}
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			return err
		}
		return resp.Body.Close()
	}
	for i := 0; i < 3; i++ {
		if try() == nil {
			return nil
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(time.Second):
		}
	}
	return errors.New("load: attempts exhausted")
}

var client = &http.Client{Timeout: 20 * time.Second} // want client:"clienttimeout 20s"

// The request is declared empty and assigned in the loop, the error
// declared outside it: each attempt is bounded by the client's Timeout.
func upload(url string) (err error) {
	for i := 0; i < 3; i++ {
		var req *http.Request
		req, err = http.NewRequest(http.MethodGet, url, nil)
		if err != nil {
			return err
		}
		var resp *http.Response
		if resp, err = client.Do(req); err == nil { // want `per-attempt timeout \(http.Client.Timeout\) inside retry loop but no overall deadline`
			resp.Body.Close()
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

// Silent: one request per item, assigned the same way.
func uploadAll(urls []string) (err error) {
	for _, u := range urls {
		var req *http.Request
		req, err = http.NewRequest(http.MethodGet, u, nil)
		if err != nil {
			return err
		}
		var resp *http.Response
		if resp, err = client.Do(req); err != nil {
			return err
		}
		resp.Body.Close()
	}
	return nil
}
