// Package jitter shortens the server's wait at random: a jitter kept in a
// variable and subtracted, or a random fraction of the wait.
package jitter

import (
	"math/rand"
	"net/http"
	"strconv"
	"time"
)

func retryAfter(resp *http.Response) (time.Duration, bool) {
	v := resp.Header.Get("Retry-After")
	if n, err := strconv.Atoi(v); err == nil && n >= 0 {
		return time.Duration(n) * time.Second, true
	}
	if t, err := http.ParseTime(v); err == nil {
		return time.Until(t), true
	}
	return 0, false
}

func subtracted(resp *http.Response) time.Duration {
	d, _ := retryAfter(resp)
	jitter := time.Duration(rand.Int63n(int64(time.Second)))
	return d - jitter // want `a random jitter is subtracted from Retry-After`
}

func fraction(resp *http.Response) time.Duration {
	d, _ := retryAfter(resp)
	return time.Duration(rand.Float64() * float64(d)) // want `Retry-After is the upper bound of a random wait`
}

type client struct{ rnd *rand.Rand }

func (c *client) fraction(resp *http.Response) time.Duration {
	d, ok := retryAfter(resp)
	if !ok {
		return time.Second
	}
	return time.Duration(float64(d) * c.rnd.Float64()) // want `Retry-After is the upper bound of a random wait`
}

// added lengthens the wait: right.
func added(resp *http.Response) time.Duration {
	d, _ := retryAfter(resp)
	jitter := time.Duration(rand.Int63n(int64(time.Second)))
	return d + jitter
}

// fixedOffset subtracts a value that is not always random.
func fixedOffset(resp *http.Response, spread bool) time.Duration {
	d, _ := retryAfter(resp)
	offset := 10 * time.Millisecond
	if spread {
		offset = time.Duration(rand.Int63n(int64(time.Millisecond)))
	}
	return d - offset
}

// stretched waits between the server's wait and twice it: right.
func stretched(resp *http.Response) time.Duration {
	d, _ := retryAfter(resp)
	return time.Duration(float64(d) * (1 + rand.Float64()))
}

// ownBackoff draws a random fraction of the client's own backoff.
func ownBackoff(resp *http.Response, attempt int) time.Duration {
	if d, ok := retryAfter(resp); ok {
		return d
	}
	b := time.Second << attempt
	return time.Duration(rand.Float64() * float64(b))
}

// jitterOnTop spreads the retries after the server's wait: right.
func jitterOnTop(resp *http.Response) time.Duration {
	d, _ := retryAfter(resp)
	return d + time.Duration(rand.Int63n(int64(d)/10+1))
}

// fractionOnTop adds a random tenth of the server's wait to it: right.
func fractionOnTop(resp *http.Response) time.Duration {
	d, _ := retryAfter(resp)
	return d + time.Duration(rand.Float64()*float64(d)*0.1)
}

// jitterVarOnTop keeps the jitter in a variable and adds it: right.
func jitterVarOnTop(resp *http.Response) time.Duration {
	d, _ := retryAfter(resp)
	j := time.Duration(rand.Int63n(int64(d) / 5))
	return d + j
}

// jitterVarAlone waits the jitter alone: wrong.
func jitterVarAlone(resp *http.Response) time.Duration {
	d, _ := retryAfter(resp)
	j := time.Duration(rand.Int63n(int64(d))) // want `Retry-After is the upper bound of a random wait`
	return j
}

// onOwnBase adds a draw bounded by the server's wait to a constant: the
// wait can still be shorter than the server's.
func onOwnBase(resp *http.Response) time.Duration {
	d, _ := retryAfter(resp)
	return time.Second + time.Duration(rand.Int63n(int64(d))) // want `Retry-After is the upper bound of a random wait`
}
