// Package innerloop retries calls of an API client whose sends retry a
// 429 themselves: the caller's retry is a second one, around the whole
// call, and sends the POST again after a lost answer.
package innerloop

import (
	"context"
	"errors"
	"net"
	"time"

	"example.com/innerloop/files"
	"example.com/innerloop/sdk"
)

func retryable(err error) bool { // want retryable:`predicate\(transport=\? 200=false 201=false 202=false 204=false 500=false 502=false 504=false\)`
	var ne net.Error
	return errors.As(err, &ne)
}

type Uploader struct{ client files.Client }

// ---- must flag ----

func (u *Uploader) start(ctx context.Context) (string, error) {
	var lastErr error
	for attempt := 0; attempt < 3; attempt++ {
		id, err := u.client.StartSession(ctx) // want `POST is retried after a transport error without an idempotency key \(files.apiImpl.StartSession, which a call of files.Client.StartSession may run, sends it and takes no key\)`
		if err == nil {
			return id, nil
		}
		if !retryable(err) {
			return "", err
		}
		lastErr = err
		select {
		case <-ctx.Done():
			return "", ctx.Err()
		case <-time.After(time.Second):
		}
	}
	return "", lastErr
}

// ---- must stay silent ----

// A read, retried around the client's own retry.
func (u *Uploader) metadata(ctx context.Context, path string) (string, error) {
	var lastErr error
	for attempt := 0; attempt < 3; attempt++ {
		m, err := u.client.GetMetadata(ctx, path)
		if err == nil {
			return m, nil
		}
		lastErr = err
		time.Sleep(time.Second)
	}
	return "", lastErr
}

// The same key on every attempt of the caller's retry.
func commit(ctx context.Context, c *sdk.Context, key string) ([]byte, error) {
	var lastErr error
	for attempt := 0; attempt < 3; attempt++ {
		b, err := c.ExecuteKeyed(ctx, "commit", key, nil)
		if err == nil {
			return b, nil
		}
		lastErr = err
		time.Sleep(time.Second)
	}
	return nil, lastErr
}
