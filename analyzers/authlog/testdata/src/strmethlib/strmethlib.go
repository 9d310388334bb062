// Package strmethlib declares an SDK's request types whose String methods
// print their fields; strmethuse builds and logs them.
package strmethlib

import (
	"fmt"
	"net/http"
	"strings"
)

// Request is the SDK's own request.
type Request struct {
	Method  string
	Path    string
	Headers map[string]string
}

func (r *Request) String() string { // want String:`authlog\(prints=f0,f1,f2\)`
	return fmt.Sprintf("%s %s %v", r.Method, r.Path, r.Headers)
}

// Op prints its name and its header.
type Op struct {
	Name   string
	Header http.Header
}

func (o Op) String() string { // want String:`authlog\(prints=f0,f1\)`
	return o.Name + " " + fmt.Sprint(o.Header)
}

// Summary prints its method and path only.
type Summary struct {
	Method  string
	Path    string
	Headers map[string]string
}

func (s *Summary) String() string { return s.Method + " " + s.Path } // want String:`authlog\(prints=f0,f1\)`

// Redacted masks the credential header as it prints.
type Redacted struct {
	Path    string
	Headers map[string]string
}

func (r *Redacted) String() string { // want String:`authlog\(prints=f0 redacts-fields\)`
	parts := []string{r.Path}
	for k, v := range r.Headers {
		if k == "Authorization" {
			v = "[REDACTED]"
		}
		parts = append(parts, k+"="+v)
	}
	return strings.Join(parts, " ")
}

// APIError is an error that prints its status and its request's path,
// not the headers it keeps.
type APIError struct {
	Status  int
	Path    string
	Headers map[string]string
}

func (e *APIError) Error() string { return fmt.Sprintf("%s: status %d", e.Path, e.Status) } // want Error:`authlog\(prints=f0,f1\)`

// DumpError prints the headers it keeps.
type DumpError struct {
	Status  int
	Headers map[string]string
}

func (e *DumpError) Error() string { return fmt.Sprintf("status %d %v", e.Status, e.Headers) } // want Error:`authlog\(prints=f0,f1\)`

// NewRequest makes a request that carries the caller's token.
func NewRequest(method, path, token string) *Request { // want NewRequest:`authlog\(result0=secret\+header-value result0<-p0,p1,p2 made\(f2=secret\+header-value\) p2=sent\(header-value\)\)`
	return &Request{Method: method, Path: path, Headers: map[string]string{"Authorization": "Bearer " + token}}
}

// NewSummary makes a summary of a request that carries the caller's token.
func NewSummary(method, path, token string) (*Summary, error) { // want NewSummary:`authlog\(result0=secret\+header-value result0<-p0,p1,p2 made\(f2=secret\+header-value\) p2=sent\(header-value\)\)`
	if path == "" {
		return nil, fmt.Errorf("no path")
	}
	return &Summary{Method: method, Path: path, Headers: map[string]string{"Authorization": "Bearer " + token}}, nil
}

// Do sends req.
func Do(hc *http.Client, req *http.Request) (*http.Response, error) { return hc.Do(req) }
