// Package build builds requests as struct values, the way some SDKs do:
// the method goes into the Method field, not through http.NewRequest.
package build

import (
	"net/http"
	"net/url"
)

// Request returns a request for the method and path, as a struct value
// its caller sends by its address.
func Request(method, path string) (req http.Request) { // want Request:`method\(param 0\)`
	req = http.Request{
		Header: make(http.Header),
		URL:    &url.URL{Path: path},
	}
	req.Header.Set("Accept", "*/*")
	req.Method = method
	return
}

// Tagged is Request with the error of a marshaller.
func Tagged(method, path string, body any) (http.Request, error) { // want Tagged:`method\(param 0\)`
	req := Request(method, path)
	return req, nil
}

// Literal returns a request for the method, built as a literal.
func Literal(method string, u *url.URL) *http.Request { // want Literal:`method\(param 0\)`
	return &http.Request{Method: method, URL: u, Header: http.Header{}}
}

// Head returns a HEAD request that carries kind in a header: kind is not
// its method.
func Head(kind string, u *url.URL) *http.Request { // want Head:`method\(HEAD\)`
	return &http.Request{Method: http.MethodHead, URL: u, Header: http.Header{"X-Kind": {kind}}}
}
