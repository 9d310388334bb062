// Package restyhdr logs a resty request's header from a retry hook: it
// holds what the caller set on the request, an API key among it.
package restyhdr

import (
	"log"
	"log/slog"

	resty2 "github.com/go-resty/resty/v2"
	"resty.dev/v3"
)

// NewAnalytics logs every retried request's header: reported.
func NewAnalytics(logger *slog.Logger) *resty.Client {
	c := resty.New().SetRetryCount(3)
	c.AddRetryHooks(func(res *resty.Response, err error) {
		if res == nil {
			return
		}
		logger.Warn("retrying analytics call", "headers", res.Request.Header, "status", res.StatusCode()) // want `http.Header \(may hold Authorization`
	})
	return c
}

// NewLedger does the same with resty v2: reported.
func NewLedger() *resty2.Client {
	c := resty2.New().SetRetryCount(3)
	c.AddRetryHook(func(r *resty2.Response, err error) {
		if r != nil && r.Request != nil {
			log.Printf("retrying %s headers=%v", r.Request.URL, r.Request.Header) // want `http.Header \(may hold Authorization`
		}
	})
	return c
}

// NewQuiet logs the request's URL and method only: silent.
func NewQuiet(logger *slog.Logger) *resty.Client {
	c := resty.New().SetRetryCount(3)
	c.AddRetryHooks(func(res *resty.Response, err error) {
		if res != nil {
			logger.Warn("retrying", "method", res.Request.Method, "url", res.Request.URL)
		}
	})
	return c
}
