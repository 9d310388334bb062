// Package oldmod parses Retry-After in a module of a Go version before
// 1.21, without the builtin max: the date-only parse is fixed with the
// helper that needs none, the seconds-only parse in place.
package oldmod

import (
	"net/http"
	"strconv"
	"time"
)

func dateOnly(resp *http.Response) time.Duration {
	when, err := time.Parse(time.RFC1123, resp.Header.Get("Retry-After")) // want `Retry-After is parsed only as an HTTP-date by time.Parse`
	if err != nil {
		return time.Second
	}
	return time.Until(when)
}

func secondsOnly(resp *http.Response) time.Duration {
	secs, err := strconv.Atoi(resp.Header.Get("Retry-After")) // want `Retry-After is parsed only as seconds by strconv.Atoi`
	if err != nil || secs < 0 {
		return time.Second
	}
	return time.Duration(secs) * time.Second
}
