// Package signfact hands a parsed Retry-After to another package's error
// constructor: safe from a negative value when that package uses it only
// as a floor under its back-off.
package signfact

import (
	"errors"
	"net/http"
	"strconv"
	"time"

	"signfact/facade"
	"signfact/throttle"
)

// Silent: a negative value gives way to the sender's back-off.
func floored(resp *http.Response) error {
	failed := errors.New(resp.Status)
	v := resp.Header.Get("Retry-After")
	if seconds, err := strconv.Atoi(v); err == nil {
		return throttle.Floor(failed, time.Duration(seconds)*time.Second)
	}
	if t, err := http.ParseTime(v); err == nil {
		return throttle.Floor(failed, time.Until(t))
	}
	return failed
}

// The sender waits the delay as it is: a negative value is no wait.
func exact(resp *http.Response) error {
	failed := errors.New(resp.Status)
	v := resp.Header.Get("Retry-After")
	if seconds, err := strconv.Atoi(v); err == nil { // want `a negative Retry-After value is accepted as the wait`
		return throttle.Exact(failed, time.Duration(seconds)*time.Second)
	}
	if t, err := http.ParseTime(v); err == nil {
		return throttle.Exact(failed, time.Until(t))
	}
	return failed
}

// Silent: the same through the public package that forwards to it.
func flooredFacade(resp *http.Response) error {
	failed := errors.New(resp.Status)
	v := resp.Header.Get("Retry-After")
	if seconds, err := strconv.Atoi(v); err == nil {
		return facade.Floor(failed, time.Duration(seconds)*time.Second)
	}
	if t, err := http.ParseTime(v); err == nil {
		return facade.Floor(failed, time.Until(t))
	}
	return failed
}
