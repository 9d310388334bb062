// Package rt is a transport that wraps the errors of the one it calls in
// an error type of its own.
package rt

import (
	"errors"
	"net"
	"net/http"
)

// Error is a transport failure.
type Error struct {
	Err       error
	Retryable bool
}

func (e *Error) Error() string { return "rt: " + e.Err.Error() }

// Transport marks timeouts retryable.
type Transport struct{ Base http.RoundTripper }

func (t *Transport) RoundTrip(req *http.Request) (*http.Response, error) {
	resp, err := t.Base.RoundTrip(req)
	if err != nil {
		var ne net.Error
		return nil, &Error{Err: err, Retryable: errors.As(err, &ne) && ne.Timeout()}
	}
	return resp, nil
}
