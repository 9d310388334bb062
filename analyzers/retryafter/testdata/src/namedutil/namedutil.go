// Package namedutil reads response headers by a name its callers give.
package namedutil

import "net/http"

// Header returns the first value of the header name, or "".
func Header(resp *http.Response, name string) string {
	if resp == nil {
		return ""
	}
	return resp.Header.Get(name)
}

// Response wraps an *http.Response.
type Response struct {
	Raw *http.Response
}

// HeaderValue returns the first value of the header key.
func (r *Response) HeaderValue(key string) string {
	if vs := r.Raw.Header[http.CanonicalHeaderKey(key)]; len(vs) > 0 {
		return vs[0]
	}
	return ""
}
