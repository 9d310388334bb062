package ops

import (
	"bytes"
	"context"
	"net/http"

	"github.com/avast/retry-go/v4"
	"github.com/cenkalti/backoff/v4"
	backoff5 "github.com/cenkalti/backoff/v5"
)

// Silent: each library call is configured to make one attempt, which
// retries nothing.

func onceRetryGo(ctx context.Context, body []byte) error {
	return retry.Do(func() error {
		resp, err := http.Post("https://api.example.com/charges", "application/json", bytes.NewReader(body))
		if err != nil {
			return err
		}
		return resp.Body.Close()
	}, retry.Context(ctx), retry.Attempts(1))
}

func onceBackoff5(ctx context.Context, body []byte) error {
	_, err := backoff5.Retry(ctx, func() (struct{}, error) {
		resp, err := http.Post("https://api.example.com/charges", "application/json", bytes.NewReader(body))
		if err != nil {
			return struct{}{}, err
		}
		return struct{}{}, resp.Body.Close()
	}, backoff5.WithMaxTries(1))
	return err
}

func onceBackoff4(body []byte) error {
	return backoff.Retry(func() error {
		resp, err := http.Post("https://api.example.com/charges", "application/json", bytes.NewReader(body))
		if err != nil {
			return err
		}
		return resp.Body.Close()
	}, backoff.WithMaxRetries(backoff.NewExponentialBackOff(), 0))
}
