// Package reuse already declares the parsing helper that an earlier fix
// added: a new fix calls it.
package reuse

import (
	"net/http"
	"strconv"
	"time"
)

func retryAfterTime(v string) (time.Time, error) {
	t, err := http.ParseTime(v)
	if err == nil {
		return t, nil
	}
	secs, secsErr := strconv.ParseInt(v, 10, 64)
	if secsErr != nil || secs < 0 || secs > int64((1<<63-1)/time.Second) {
		return time.Time{}, err
	}
	return time.Now().Add(time.Duration(secs) * time.Second), nil
}

func until(resp *http.Response) time.Duration {
	t, err := http.ParseTime(resp.Header.Get("Retry-After")) // want `Retry-After is parsed only as an HTTP-date by http.ParseTime`
	if err != nil {
		return 0
	}
	return time.Until(t)
}

// Must stay silent: the helper tries both forms.
func viaHelper(resp *http.Response) time.Duration {
	t, err := retryAfterTime(resp.Header.Get("Retry-After"))
	if err != nil {
		return 0
	}
	return time.Until(t)
}
