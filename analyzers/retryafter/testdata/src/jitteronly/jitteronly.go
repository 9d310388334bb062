// Package jitteronly draws its only random numbers from the server's
// wait: the fix drops the import of math/rand with them.
package jitteronly

import (
	"math/rand/v2"
	"net/http"
	"strconv"
	"time"
)

func fraction(resp *http.Response) time.Duration {
	n, err := strconv.Atoi(resp.Header.Get("Retry-After"))
	if err != nil || n < 0 {
		if t, err := http.ParseTime(resp.Header.Get("Retry-After")); err == nil {
			return time.Until(t)
		}
		return time.Second
	}
	return time.Duration(rand.Float64() * float64(n) * float64(time.Second)) // want `Retry-After is the upper bound of a random wait`
}
