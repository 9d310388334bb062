// Package reqinfo makes records of requests, which its callers log.
package reqinfo

import "net/http"

// Info is a record of a request: no String method, no header field.
type Info struct {
	Method string
	Path   string
	Auth   string
}

// Of records the request's method, path and credential.
func Of(r *http.Request) Info { // want Of:`authlog\(result0=header-value made\(f2=header-value\)\)`
	return Info{Method: r.Method, Path: r.URL.Path, Auth: r.Header.Get("Authorization")}
}

// Masked records the request with its credential masked.
func Masked(r *http.Request) *Info {
	return &Info{Method: r.Method, Path: r.URL.Path, Auth: "[redacted]"}
}
