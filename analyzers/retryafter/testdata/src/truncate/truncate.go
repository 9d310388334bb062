// Package truncate turns an HTTP-date's wait into whole seconds by an
// integer conversion, which truncates toward zero: the client comes back
// up to a second early.
package truncate

import (
	"math"
	"net/http"
	"strconv"
	"time"
)

// Duration is a duration type of the package's own, as a metrics
// library's model.Duration is.
type Duration int64

const defaultBackoff = Duration(30 * time.Millisecond)

// retryAfterDuration is handed the header's value by its caller.
func retryAfterDuration(t string) Duration {
	parsed, err := time.Parse(http.TimeFormat, t)
	if err == nil {
		s := time.Until(parsed).Seconds()
		return Duration(s) * Duration(time.Second) // want `Retry-After's wait in fractional seconds is truncated to whole seconds by Duration`
	}
	d, err := strconv.Atoi(t)
	if err != nil || d < 0 {
		return defaultBackoff
	}
	return Duration(d) * Duration(time.Second)
}

func recoverable(resp *http.Response) Duration {
	return retryAfterDuration(resp.Header.Get("Retry-After"))
}

// inline truncates through int first.
func inline(resp *http.Response) time.Duration {
	v := resp.Header.Get("Retry-After")
	if t, err := http.ParseTime(v); err == nil {
		return time.Duration(int(time.Until(t).Seconds())) * time.Second // want `Retry-After's wait in fractional seconds is truncated to whole seconds by int`
	}
	n, err := strconv.Atoi(v)
	if err != nil || n < 0 {
		return 0
	}
	return time.Duration(n) * time.Second
}

// Must stay silent: rounded up.
func roundedUp(resp *http.Response) time.Duration {
	v := resp.Header.Get("Retry-After")
	if t, err := http.ParseTime(v); err == nil {
		return time.Duration(math.Ceil(time.Until(t).Seconds())) * time.Second
	}
	n, err := strconv.Atoi(v)
	if err != nil || n < 0 {
		return 0
	}
	return time.Duration(n) * time.Second
}

// Must stay silent: a float of the client's own, not the server's wait.
func ownFloat(factor float64, attempt int) time.Duration {
	return time.Duration(factor*float64(attempt)) * time.Second
}

// A date-only helper, handed the header by its caller.
func untilDate(v string) time.Duration {
	t, err := http.ParseTime(v)
	if err != nil {
		return 0
	}
	return time.Duration(time.Until(t).Seconds()) * time.Second // want `Retry-After's wait in fractional seconds is truncated to whole seconds by time.Duration`
}

func useDate(resp *http.Response) time.Duration {
	if resp.Header.Get("Retry-After") == "" {
		return 0
	}
	if n, err := strconv.Atoi(resp.Header.Get("Retry-After")); err == nil && n >= 0 {
		return time.Duration(n) * time.Second
	}
	return untilDate(resp.Header.Get("Retry-After"))
}

// Must stay silent: a second of slack covers what the truncation drops.
func slack(resp *http.Response) time.Duration {
	v := resp.Header.Get("Retry-After")
	if t, err := http.ParseTime(v); err == nil {
		return time.Duration(time.Until(t).Seconds()+1) * time.Second
	}
	n, err := strconv.Atoi(v)
	if err != nil || n < 0 {
		return 0
	}
	return time.Duration(n) * time.Second
}

func slackOutside(resp *http.Response) time.Duration {
	v := resp.Header.Get("Retry-After")
	if t, err := http.ParseTime(v); err == nil {
		return time.Duration(time.Until(t).Seconds())*time.Second + time.Second
	}
	n, err := strconv.Atoi(v)
	if err != nil || n < 0 {
		return 0
	}
	return time.Duration(n) * time.Second
}
