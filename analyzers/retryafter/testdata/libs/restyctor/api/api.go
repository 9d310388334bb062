// Package api makes the resty client the rest of the module shares.
package api

import (
	"time"

	"github.com/go-resty/resty/v2"
)

// New returns a client that retries, with a larger cap on the wait.
func New() *resty.Client {
	return resty.New().SetRetryCount(3).SetRetryMaxWaitTime(30 * time.Second)
}
