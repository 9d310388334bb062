// Package hdrutil holds helpers that copy and compose headers, for the
// callers in package compose.
package hdrutil

import (
	"fmt"
	"net/http"
	"sort"
	"strings"
)

// Copy copies every header of h. The loop filters nothing: the copy
// holds what h holds.
func Copy(h http.Header) http.Header { // want Copy:`authlog\(result0<-p0\)`
	nh := http.Header{}
	for k, v := range h {
		nh[k] = v
	}
	return nh
}

// CopyPublic copies the headers of h but the credentials: a filter.
func CopyPublic(h http.Header) http.Header {
	nh := http.Header{}
	for k, v := range h {
		if k == "Authorization" || k == "Cookie" {
			continue
		}
		nh[k] = v
	}
	return nh
}

// Keys returns the names of h, sorted.
func Keys(h http.Header) []string {
	keys := make([]string, 0, len(h))
	for k := range h {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// Compose writes every header of h as a line.
func Compose(h http.Header) string { // want Compose:`authlog\(result0<-p0\)`
	lines := make([]string, 0, len(h))
	for _, k := range Keys(h) {
		lines = append(lines, fmt.Sprintf("%25s: %s", k, strings.Join(h[k], ", ")))
	}
	return strings.Join(lines, "\n")
}

// Picked writes the headers named by names: any names, which the caller
// chooses; they are not taken to be credentials.
func Picked(h http.Header, names []string) string { // want Picked:`authlog\(result0<-p1\)`
	var lines []string
	for _, k := range names {
		lines = append(lines, k+": "+h.Get(k))
	}
	return strings.Join(lines, "\n")
}
