// Package httpc makes the retrying clients the rest of the module shares.
package httpc

import (
	"time"

	"github.com/hashicorp/go-retryablehttp"
)

// New returns a client that retries, configured here.
func New(retries int) *retryablehttp.Client {
	rc := retryablehttp.NewClient()
	rc.RetryWaitMax = 30 * time.Second
	if retries > 0 {
		rc.RetryMax = retries
	}
	return rc
}

// Once returns a client that makes one attempt.
func Once() *retryablehttp.Client {
	rc := retryablehttp.NewClient()
	rc.RetryMax = 0
	return rc
}
