// Package funcfield holds credentials logged through func fields and
// variables.
package funcfield

import (
	"log"
	"net/http"
	"testing"

	"funcfieldlib"
)

// ---- logs by name and signature, in another package ----

func viaField(c *funcfieldlib.Client, r *http.Request, attempt int) {
	c.Logf("attempt %d: auth %s", attempt, r.Header.Get("Authorization")) // want `Authorization header value reaches c.Logf`
}

func viaWrapper(c *funcfieldlib.Client, r *http.Request) {
	c.Debugf("attempt %d headers %v", 1, r.Header) // want `http.Header \(may hold Authorization, Proxy-Authorization, ...\) reaches \(\*funcfieldlib.Client\).Debugf \(which passes it to \(funcfieldlib.Client\).Logf\)`
}

// ---- logs by what this package assigns ----

type retrier struct {
	onRetry func(format string, args ...any)
}

func newRetrier() *retrier { return &retrier{onRetry: log.Printf} }

func (rt *retrier) retry(r *http.Request, attempt int) {
	rt.onRetry("retry %d with key %s", attempt, r.Header.Get("X-Api-Key")) // want `X-Api-Key header value reaches rt.onRetry \(which passes it to log.Printf\)`
}

// ---- must stay silent ----

// Transform rewrites text: no log, whatever it is given.
func transformed(c *funcfieldlib.Client, r *http.Request) string {
	return c.Transform("auth %s", r.Header.Get("Authorization"))
}

// A func field that nothing sets to a log, and whose name is no logging
// verb.
type hooks struct {
	onEvent func(format string, args ...any)
}

func (h *hooks) fire(r *http.Request) {
	h.onEvent("event %s", r.Header.Get("Authorization"))
}

// logf is only ever a test's t.Logf: what a test prints is no log.
func checkRequest(t *testing.T, r *http.Request) {
	logf := t.Logf
	logf("auth %s", r.Header.Get("Authorization"))
	t.Logf("headers %v", r.Header)
}
