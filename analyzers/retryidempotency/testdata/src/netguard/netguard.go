// Package netguard gives up on a network error, tested with errors.As
// into a net.Error: a transport error as net/http made it is one (a
// *url.Error has Timeout and Temporary), one flattened on the way is not.
package netguard

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"time"
)

func post(ctx context.Context, c *http.Client, url string, body []byte) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, url, bytes.NewReader(body))
	if err != nil {
		return err
	}
	resp, err := c.Do(req)
	if err != nil {
		return fmt.Errorf("post %s: %w", url, err)
	}
	return resp.Body.Close()
}

func postFlat(ctx context.Context, c *http.Client, url string, body []byte) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, url, bytes.NewReader(body))
	if err != nil {
		return err
	}
	resp, err := c.Do(req)
	if err != nil {
		return fmt.Errorf("post %s: %v", url, err)
	}
	return resp.Body.Close()
}

// Guarded stops on a network error: the POST is not sent again after a
// transport error. Silent.
func Guarded(ctx context.Context, c *http.Client, url string, body []byte) error {
	var err error
	for attempt := 0; attempt < 3; attempt++ {
		err = post(ctx, c, url, body)
		var ne net.Error
		if errors.As(err, &ne) {
			return err
		}
		if err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

// Flattened tests the same, but the helper flattened the error with %v:
// the test never holds, and the POST is sent again. Reported.
func Flattened(ctx context.Context, c *http.Client, url string, body []byte) error {
	var err error
	for attempt := 0; attempt < 3; attempt++ {
		err = postFlat(ctx, c, url, body) // want `POST is retried after a transport error without an idempotency key`
		var ne net.Error
		if errors.As(err, &ne) {
			return err
		}
		if err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}
