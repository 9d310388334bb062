// Package twofiles parses Retry-After as seconds only in two files: the
// parsing helper is declared once, in the first file, and the parse in the
// second file gets a fix that stays in its own file.
package twofiles

import (
	"net/http"
	"strconv"
	"time"
)

func first(resp *http.Response) time.Duration {
	secs, err := strconv.Atoi(resp.Header.Get("Retry-After")) // want `Retry-After is parsed only as seconds by strconv.Atoi` `a negative .* value is accepted as the wait`
	if err != nil {
		return 0
	}
	return time.Duration(secs) * time.Second
}

func firstAgain(h http.Header) (int, bool) {
	n, err := strconv.Atoi(h.Get("Retry-After")) // want `Retry-After is parsed only as seconds by strconv.Atoi`
	return n, err == nil && n >= 0
}

// Must stay silent: Last-Modified is a date, and only a date.
func lastModified(resp *http.Response) (time.Time, error) {
	return http.ParseTime(resp.Header.Get("Last-Modified"))
}
