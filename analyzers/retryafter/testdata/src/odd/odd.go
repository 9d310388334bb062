// Package odd holds shapes that must not crash the analyzer: generics,
// methods on generic types, package-level function literals, dot imports
// and calls through func values.
package odd

import (
	"net/http"
	. "strconv"
	"time"
)

type Pool[T any] struct {
	items []T
	limit time.Duration
}

func (p *Pool[T]) Wait(resp *http.Response) (T, time.Duration, error) { // want Wait:`retryafter\(result1=retry-after\)`
	secs, err := Atoi(resp.Header.Get("Retry-After")) // want `Retry-After is parsed only as seconds by strconv.Atoi` `a negative .* value is accepted as the wait`
	if err != nil {
		var zero T
		return zero, 0, err
	}
	return p.items[0], min(time.Duration(secs)*time.Second, p.limit), nil // want `Retry-After is capped by min\(\.\.\.\)`
}

func Generic[D ~int64](resp *http.Response, limit D) (D, error) { // want Generic:`retryafter\(result0=retry-after\+p1\)`
	if t, err := http.ParseTime(resp.Header.Get("Retry-After")); err == nil { // want `Retry-After is parsed only as an HTTP-date by http.ParseTime`
		return min(D(time.Until(t)), limit), nil // want `Retry-After is capped by min\(\.\.\.\)`
	}
	return 0, nil
}

var parse = func(resp *http.Response) int {
	n, _ := Atoi(resp.Header.Get("Retry-After"))
	return n
}

func viaFuncValue(resp *http.Response, f func(*http.Response) int) time.Duration {
	return min(time.Duration(f(resp))*time.Second, time.Minute)
}

func noBody(resp *http.Response) time.Duration

func emptyHeaderName(h http.Header, name string) time.Duration {
	n, _ := Atoi(h.Get(name))
	return min(time.Duration(n)*time.Second, time.Minute)
}
