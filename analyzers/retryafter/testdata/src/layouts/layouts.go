// Package layouts parses Retry-After with time.Parse and the HTTP-date's
// layout: a value in seconds is lost.
package layouts

import (
	"net/http"
	"strconv"
	"time"
)

func timeFormat(resp *http.Response) (time.Duration, bool) {
	t, err := time.Parse(http.TimeFormat, resp.Header.Get("Retry-After")) // want `Retry-After is parsed only as an HTTP-date by time.Parse`
	if err != nil {
		return 0, false
	}
	return time.Until(t), true
}

func rfc1123(resp *http.Response) time.Duration {
	if t, err := time.Parse(time.RFC1123, resp.Header.Get("Retry-After")); err == nil { // want `Retry-After is parsed only as an HTTP-date by time.Parse`
		return time.Until(t)
	}
	return time.Second
}

// both tries the seconds first: right.
func both(resp *http.Response) time.Duration {
	v := resp.Header.Get("Retry-After")
	if n, err := strconv.Atoi(v); err == nil && n >= 0 {
		return time.Duration(n) * time.Second
	}
	if t, err := time.Parse(time.RFC1123, v); err == nil {
		return time.Until(t)
	}
	return time.Second
}

// rfc3339 uses a layout that is no HTTP-date: no helper replaces it.
func rfc3339(resp *http.Response) time.Duration {
	if t, err := time.Parse(time.RFC3339, resp.Header.Get("Retry-After")); err == nil {
		return time.Until(t)
	}
	return time.Second
}

// serverDate parses the Date header, which is a date only.
func serverDate(resp *http.Response) time.Time {
	t, _ := time.Parse(http.TimeFormat, resp.Header.Get("Date"))
	return t
}
