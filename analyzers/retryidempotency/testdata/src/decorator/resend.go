package decorator

import "net/http"

// bodyCheckTransport asks only whether the body can be sent again: a
// POST whose length is known passes canResend.
type bodyCheckTransport struct{ next http.RoundTripper }

func (t *bodyCheckTransport) RoundTrip(req *http.Request) (*http.Response, error) { // want RoundTrip:"sends\\(param 0\\)" RoundTrip:`resends\(param 0 after a transport error\)`
	for i := 0; ; i++ {
		resp, err := t.next.RoundTrip(req) // want `a request of any method is re-sent after a transport error without a check of its method or an Idempotency-Key header`
		if err == nil || i == 2 || !canResend(req) {
			return resp, err
		}
	}
}

func canResend(req *http.Request) bool {
	bodied := req.Method == http.MethodPost || req.Method == http.MethodPut || req.Method == http.MethodPatch
	if bodied && req.Body != nil {
		return req.ContentLength != -1
	}
	return true
}

// methodCheckTransport asks a check that refuses a POST or a PATCH.
type methodCheckTransport struct{ next http.RoundTripper }

func (t *methodCheckTransport) RoundTrip(req *http.Request) (*http.Response, error) { // want RoundTrip:"sends\\(param 0\\)"
	for i := 0; ; i++ {
		resp, err := t.next.RoundTrip(req)
		if err == nil || i == 2 || !safeResend(req) {
			return resp, err
		}
	}
}

func safeResend(req *http.Request) bool {
	switch req.Method {
	case http.MethodPost, http.MethodPatch:
		return false
	}
	return req.Body == nil || req.GetBody != nil
}

// setCheckTransport asks a check that looks the method up in a set.
type setCheckTransport struct{ next http.RoundTripper }

func (t *setCheckTransport) RoundTrip(req *http.Request) (*http.Response, error) { // want RoundTrip:"sends\\(param 0\\)"
	for i := 0; ; i++ {
		resp, err := t.next.RoundTrip(req)
		if err == nil || i == 2 || !inSafeSet(req) {
			return resp, err
		}
	}
}

var safeMethods = []string{http.MethodGet, http.MethodHead, http.MethodPut}

func inSafeSet(req *http.Request) bool {
	for _, m := range safeMethods {
		if req.Method == m {
			return true
		}
	}
	return false
}
