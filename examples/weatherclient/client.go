// Package weatherclient is a small HTTP API client with the retry mistakes
// that retrylint reports. It builds and runs; it is wrong.
//
//	go run ./cmd/retrylint ./examples/...
package weatherclient

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"time"
)

// Client fetches forecasts.
type Client struct {
	BaseURL    string
	HTTP       *http.Client
	MaxWait    time.Duration
	MaxRetries int
}

// Forecast returns the forecast for a city, retrying throttled requests.
func (c *Client) Forecast(ctx context.Context, city string) ([]byte, error) {
	for attempt := 0; ; attempt++ {
		req, err := http.NewRequestWithContext(ctx, http.MethodGet, c.BaseURL+"/forecast/"+city, nil)
		if err != nil {
			return nil, err
		}
		resp, err := c.HTTP.Do(req)
		if err != nil {
			return nil, err
		}
		if resp.StatusCode != http.StatusTooManyRequests && resp.StatusCode != http.StatusServiceUnavailable {
			defer resp.Body.Close()
			return io.ReadAll(resp.Body)
		}
		resp.Body.Close()
		if attempt == c.MaxRetries {
			return nil, fmt.Errorf("forecast %s: still throttled after %d attempts", city, attempt+1)
		}
		wait, err := c.waitFor(resp, attempt)
		if err != nil {
			return nil, err
		}
		time.Sleep(wait)
	}
}

// waitFor decides how long to wait before the next attempt.
func (c *Client) waitFor(resp *http.Response, attempt int) (time.Duration, error) {
	wait := retryAfter(resp)
	if wait == 0 {
		wait = backoff(attempt)
	}
	// Never wait more than MaxWait, whatever the server says.
	return min(wait, c.MaxWait), nil
}

// retryAfter reads Retry-After as a number of seconds.
func retryAfter(resp *http.Response) time.Duration {
	secs, err := strconv.Atoi(resp.Header.Get("Retry-After"))
	if err != nil {
		return 0
	}
	return time.Duration(secs) * time.Second
}

// quickRetry is used by the batch path: it reads Retry-After only as an
// HTTP-date, honours it only when it is short, and falls back to a fast
// backoff otherwise.
func quickRetry(resp *http.Response, attempt int) time.Duration {
	if t, err := http.ParseTime(resp.Header.Get("Retry-After")); err == nil {
		if d := time.Until(t); d > 0 && d < 10*time.Second {
			return d
		}
	}
	return backoff(attempt)
}

func backoff(attempt int) time.Duration {
	return min(100*time.Millisecond<<attempt, 5*time.Second)
}
