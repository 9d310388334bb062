package decorator

import "net/http"

// rewindTransport rewinds the body between attempts, reusing err for
// GetBody's error: the check after the rewind is not on the send's.
type rewindTransport struct{ next http.RoundTripper }

func (t *rewindTransport) RoundTrip(req *http.Request) (*http.Response, error) { // want RoundTrip:"sends\\(param 0\\)" RoundTrip:`resends\(param 0 after a transport error\)`
	for i := 0; ; i++ {
		resp, err := t.next.RoundTrip(req) // want `a request of any method is re-sent after a transport error without a check of its method or an Idempotency-Key header`
		if err == nil || i == 2 || req.GetBody == nil {
			return resp, err
		}
		req.Body, err = req.GetBody()
		if err != nil {
			return nil, err
		}
	}
}

// throttleTransport rewinds the body the same way, but retries only a
// 429 or a 503: a transport error goes back to the caller.
type throttleTransport struct{ next http.RoundTripper }

func (t *throttleTransport) RoundTrip(req *http.Request) (*http.Response, error) { // want RoundTrip:"sends\\(param 0\\)"
	for i := 0; ; i++ {
		resp, err := t.next.RoundTrip(req)
		if err != nil {
			return nil, err
		}
		if i == 2 || (resp.StatusCode != http.StatusTooManyRequests && resp.StatusCode != http.StatusServiceUnavailable) {
			return resp, nil
		}
		if req.GetBody == nil {
			return resp, nil
		}
		resp.Body.Close()
		req.Body, err = req.GetBody()
		if err != nil {
			return nil, err
		}
	}
}
