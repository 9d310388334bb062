// Package lintfixture is linted by the integration tests through
// golangci-lint, go vet and pre-commit: it has one finding of each
// analyzer, and one that a //nolint comment silences.
package lintfixture

import (
	"bytes"
	"context"
	"log"
	"net/http"
	"strconv"
	"time"
)

const maxWait = 30 * time.Second

func retryAfter(resp *http.Response) time.Duration {
	v := resp.Header.Get("Retry-After")
	if secs, err := strconv.Atoi(v); err == nil && secs >= 0 {
		return time.Duration(secs) * time.Second
	}
	if t, err := http.ParseTime(v); err == nil {
		return time.Until(t)
	}
	return 0
}

// Wait caps the server's wait: a retryafter finding.
func Wait(resp *http.Response) time.Duration {
	return min(retryAfter(resp), maxWait)
}

// WaitQuietly caps it too, but says so.
func WaitQuietly(resp *http.Response) time.Duration {
	return min(retryAfter(resp), maxWait) //nolint:retryafter // the caller gives up past maxWait
}

// Fetch gives each attempt a timeout and the whole nothing: a
// retrydeadline finding.
func Fetch(c *http.Client, url string) (*http.Response, error) {
	for attempt := 0; attempt < 3; attempt++ {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
		if err != nil {
			cancel()
			return nil, err
		}
		resp, err := c.Do(req)
		cancel()
		if err == nil {
			return resp, nil
		}
	}
	return nil, nil
}

// Submit posts again after a transport error: a retryidempotency finding.
func Submit(c *http.Client, url string, body []byte) error {
	for attempt := 0; attempt < 3; attempt++ {
		resp, err := c.Post(url, "application/json", bytes.NewReader(body))
		if err != nil {
			continue
		}
		return resp.Body.Close()
	}
	return nil
}

// Trace logs the caller's credentials: an authlog finding.
func Trace(r *http.Request) {
	log.Printf("calling %s with %s", r.URL, r.Header.Get("Authorization"))
}
