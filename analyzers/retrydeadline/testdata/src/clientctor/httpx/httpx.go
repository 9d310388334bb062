// Package httpx builds the clients of a project: a fact tells the packages
// that send through them which ones bound each attempt.
package httpx

import (
	"errors"
	"net/http"
	"time"
)

// NewClient returns a client whose Timeout bounds each request.
func NewClient() *http.Client { // want NewClient:`clienttimeout`
	return &http.Client{Timeout: 30 * time.Second}
}

// NewConfigured sets the Timeout it is given, when it is positive.
func NewConfigured(timeout time.Duration) (*http.Client, error) { // want NewConfigured:`clienttimeout\(conditional\)`
	if timeout < 0 {
		return nil, errors.New("negative timeout")
	}
	hc := &http.Client{}
	if timeout > 0 {
		hc.Timeout = timeout
	}
	return hc, nil
}

// NewWrapped returns what NewClient returns.
func NewWrapped() *http.Client { // want NewWrapped:`clienttimeout`
	return NewClient()
}

// NewPlain sets no Timeout.
func NewPlain() *http.Client {
	return &http.Client{}
}

// NewEither sets a Timeout on one of its returns only.
func NewEither(fast bool) *http.Client {
	if fast {
		return &http.Client{Timeout: time.Second}
	}
	return http.DefaultClient
}
