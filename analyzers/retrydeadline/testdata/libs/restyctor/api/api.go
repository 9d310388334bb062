// Package api makes the resty clients the rest of the module shares.
package api

import (
	"os"
	"time"

	restyv2 "github.com/go-resty/resty/v2"
	"resty.dev/v3"
)

// Items returns a v2 client that retries, each attempt bounded.
func Items() *restyv2.Client {
	return restyv2.New().SetRetryCount(3).SetTimeout(5 * time.Second)
}

// Store returns a v3 client that retries, each attempt bounded.
func Store() *resty.Client {
	c := resty.New()
	c.SetRetryCount(2)
	c.SetTimeout(2 * time.Second)
	return c
}

// FromEnv returns a v2 client whose timeout comes from the environment.
func FromEnv() *restyv2.Client {
	d, _ := time.ParseDuration(os.Getenv("TIMEOUT"))
	return restyv2.New().SetRetryCount(2).SetTimeout(d)
}

// Untimed returns a v2 client that retries with no timeout.
func Untimed() *restyv2.Client {
	return restyv2.New().SetRetryCount(3)
}

// Single returns a v2 client that makes one bounded attempt.
func Single() *restyv2.Client {
	return restyv2.New().SetTimeout(5 * time.Second)
}

// Either returns one of two clients.
func Either(fast bool) *restyv2.Client {
	if fast {
		return Single()
	}
	return Items()
}
