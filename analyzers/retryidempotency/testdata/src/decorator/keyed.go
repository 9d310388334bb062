package decorator

import (
	"crypto/rand"
	"net/http"
)

// keyingTransport keys every request it re-sends: one token, made before
// the first attempt, in a header whose name says it is an idempotency
// key. Silent.
type keyingTransport struct{ next http.RoundTripper }

func (t keyingTransport) RoundTrip(req *http.Request) (*http.Response, error) { // want RoundTrip:"sends\\(param 0\\)" RoundTrip:"setskey\\(param 0 fresh\\)"
	token := rand.Text()
	var resp *http.Response
	var err error
	for range 3 {
		req.Header.Set("X-Goog-Gcs-Idempotency-Token", token)
		resp, err = t.next.RoundTrip(req)
		if err == nil {
			return resp, nil
		}
	}
	return resp, err
}

// taggingTransport sets a header on every attempt that is no key.
type taggingTransport struct{ next http.RoundTripper }

func (t taggingTransport) RoundTrip(req *http.Request) (*http.Response, error) { // want RoundTrip:"sends\\(param 0\\)" RoundTrip:`resends\(param 0 after a transport error\)`
	tag := rand.Text()
	var resp *http.Response
	var err error
	for range 3 {
		req.Header.Set("X-Client-Tag", tag)
		resp, err = t.next.RoundTrip(req) // want `a request of any method is re-sent after a transport error without a check of its method or an Idempotency-Key header`
		if err == nil {
			return resp, nil
		}
	}
	return resp, err
}
