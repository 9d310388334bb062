// Package httpc makes the retrying clients the rest of the module shares.
package httpc

import (
	"time"

	"github.com/hashicorp/go-retryablehttp"
)

// New returns a client that retries, each attempt bounded by timeout.
func New(timeout time.Duration) *retryablehttp.Client {
	rc := retryablehttp.NewClient()
	rc.RetryMax = 3
	rc.HTTPClient.Timeout = timeout
	return rc
}

// Once returns a client that makes one attempt, bounded.
func Once() *retryablehttp.Client {
	rc := retryablehttp.NewClient()
	rc.RetryMax = 0
	rc.HTTPClient.Timeout = 10 * time.Second
	return rc
}

// Plain returns a client that retries with the library's defaults: no
// Timeout.
func Plain() *retryablehttp.Client {
	return retryablehttp.NewClient()
}

// Either returns one of two clients.
func Either(fast bool) *retryablehttp.Client {
	if fast {
		return Once()
	}
	return New(time.Second)
}
