// Package named reads the server's wait through helpers that take the
// header's name.
package named

import (
	"log"
	"net/http"
	"strconv"
	"time"

	"namedutil"
)

const maxWait = 30 * time.Second

func getHeader(resp *http.Response, name string) string {
	return resp.Header.Get(name)
}

// lookup reads through another helper of the same kind.
func lookup(resp *http.Response, key string) (string, bool) {
	v := getHeader(resp, key)
	return v, v != ""
}

func seconds(v string) (time.Duration, bool) {
	if n, err := strconv.Atoi(v); err == nil && n >= 0 {
		return time.Duration(n) * time.Second, true
	}
	if t, err := http.ParseTime(v); err == nil {
		return time.Until(t), true
	}
	return 0, false
}

func local(resp *http.Response) time.Duration {
	d, _ := seconds(getHeader(resp, "Retry-After"))
	return min(d, maxWait) // want `Retry-After is capped by min`
}

func twoLevels(resp *http.Response) time.Duration {
	v, ok := lookup(resp, "retry-after")
	if !ok {
		return time.Second
	}
	d, _ := seconds(v)
	return min(d, maxWait) // want `Retry-After is capped by min`
}

func otherPackage(resp *http.Response) time.Duration {
	d, _ := seconds(namedutil.Header(resp, "Retry-After"))
	if d > maxWait { // want `Retry-After is capped by if d > maxWait`
		d = maxWait
	}
	return d
}

func wrapper(r *namedutil.Response) time.Duration {
	d, _ := seconds(r.HeaderValue("Retry-After"))
	return min(d, maxWait) // want `Retry-After is capped by min`
}

func canonical(resp *http.Response) time.Duration {
	d, _ := seconds(resp.Header.Get(http.CanonicalHeaderKey("retry-after")))
	return min(d, maxWait) // want `Retry-After is capped by min`
}

func secondsOnly(resp *http.Response) (time.Duration, error) {
	n, err := strconv.Atoi(getHeader(resp, "Retry-After")) // want `Retry-After is parsed only as seconds by strconv.Atoi`
	if err != nil || n < 0 {
		return 0, err
	}
	return time.Duration(n) * time.Second, nil
}

// otherHeader caps a value that is not a wait.
func otherHeader(resp *http.Response) time.Duration {
	d, _ := seconds(getHeader(resp, "X-Poll-Interval"))
	return min(d, maxWait)
}

// logged only reads the wait to log it.
func logged(resp *http.Response) {
	log.Printf("retry-after: %s", getHeader(resp, "Retry-After"))
}

// floor keeps the server's wait as a lower bound.
func floor(resp *http.Response, backoff time.Duration) time.Duration {
	d, _ := seconds(namedutil.Header(resp, "Retry-After"))
	return max(backoff, d)
}
