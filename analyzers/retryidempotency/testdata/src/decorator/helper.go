package decorator

import (
	"net/http"

	"decorator/chain"
)

// roundTripperFunc is a function that is an http.RoundTripper.
type roundTripperFunc func(*http.Request) (*http.Response, error)

func (f roundTripperFunc) RoundTrip(req *http.Request) (*http.Response, error) { // want RoundTrip:"sends\\(param 0\\)"
	return f(req)
}

// withRetry hands each attempt of the request its literal is given to
// another package's retry helper.
func withRetry(next http.RoundTripper, attempts int) http.RoundTripper {
	return roundTripperFunc(func(req *http.Request) (*http.Response, error) {
		var resp *http.Response
		err := chain.Retry(attempts, func() error {
			var err error
			resp, err = next.RoundTrip(req) // want `a request of any method is re-sent by Retry after a transport error without a check of its method or an Idempotency-Key header`
			return err
		})
		return resp, err
	})
}

// withSafeRetry sends a request that is not a GET once.
func withSafeRetry(next http.RoundTripper, attempts int) http.RoundTripper {
	return roundTripperFunc(func(req *http.Request) (*http.Response, error) {
		if req.Method != http.MethodGet {
			return next.RoundTrip(req)
		}
		var resp *http.Response
		err := chain.Retry(attempts, func() error {
			var err error
			resp, err = next.RoundTrip(req)
			return err
		})
		return resp, err
	})
}
