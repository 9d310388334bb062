// Package restyctor sets the SetRetryAfter callback of a client that
// package api makes: the rule reads the callback, written here, and not
// the client's configuration, so the constructor changes nothing (its
// SetRetryMaxWaitTime is a cap all the same).
package restyctor

import (
	"net/http"
	"strconv"
	"time"

	"github.com/go-resty/resty/v2"

	"libs/restyctor/api"
)

func serverWait(resp *resty.Response) (time.Duration, error) {
	if s := resp.Header().Get("Retry-After"); s != "" {
		if n, err := strconv.Atoi(s); err == nil && n >= 0 {
			return time.Duration(n) * time.Second, nil
		}
		if t, err := http.ParseTime(s); err == nil {
			return time.Until(t), nil
		}
	}
	return 0, nil
}

func Client() *resty.Client {
	return api.New().SetRetryAfter(func(c *resty.Client, r *resty.Response) (time.Duration, error) { // want `the wait of this SetRetryAfter callback comes from Retry-After and resty caps it`
		return serverWait(r)
	})
}

// ---- must stay silent ----

// The callback's wait is the client's own.
func Own() *resty.Client {
	return api.New().SetRetryAfter(func(c *resty.Client, r *resty.Response) (time.Duration, error) {
		return time.Duration(r.Request.Attempt) * time.Second, nil
	})
}
