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
	// The sign is checked: firstAgain is about the one form parsed. (With
	// n returned as valid whatever its sign, the helper the fix writes
	// would be reported for it: a negative value accepted, which the
	// parse without an error check to extend hid before.)
	return n, err == nil && n >= 0
}

// Must stay silent: Last-Modified is a date, and only a date.
func lastModified(resp *http.Response) (time.Time, error) {
	return http.ParseTime(resp.Header.Get("Last-Modified"))
}
