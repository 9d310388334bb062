// Package funcwords logs through func values whose names' words, or whose
// types' names, say that they log.
package funcwords

import (
	"net/http"

	"funcwordslib"
)

type transport struct {
	logFn     func(string, ...interface{})
	debugLog  func(format string, v ...interface{})
	traceHook func(msg string, keyvals ...interface{})
	logLine   func(line string)
	hook      funcwordslib.LogFunc

	// Look-alikes.
	errf      func(format string, args ...interface{}) error
	sprintf   func(format string, args ...interface{}) string
	debugText func(format string, args ...interface{}) string
	onDebug   func(name string)
	catalogFn func(format string, args ...interface{})
	OnRequest func(req *http.Request)
}

// ---- must flag ----

func viaSDK(c *funcwordslib.Client, req *http.Request) {
	c.LogFunc("auth %s", req.Header.Get("Authorization")) // want `Authorization header value reaches c.LogFunc`

	c.OnDebug("headers %v", req.Header) // want `http.Header \(may hold Authorization, Proxy-Authorization, ...\) reaches c.OnDebug`

	c.ErrorLog("cookie %s", req.Header.Get("Cookie")) // want `Cookie header value reaches c.ErrorLog`

	c.Tracef("key %s", req.Header.Get("X-Api-Key")) // want `X-Api-Key header value reaches \(\*funcwordslib.Client\).Tracef \(which passes it to \(funcwordslib.Client\).LogFunc\)`
}

func (t *transport) send(req *http.Request) {
	t.logFn("request %+v", req) // want `request formatted whole \(its Header may hold Authorization, Proxy-Authorization, ...\) reaches t.logFn`

	t.debugLog("auth %s", req.Header.Get("Authorization")) // want `Authorization header value reaches t.debugLog`

	t.traceHook("sending", "token", req.Header.Get("X-Auth-Token")) // want `X-Auth-Token header value reaches t.traceHook`

	t.logLine("auth " + req.Header.Get("Authorization")) // want `Authorization header value reaches t.logLine`

	t.hook("proxy %s", req.Header.Get("Proxy-Authorization")) // want `Proxy-Authorization header value reaches t.hook`
}

// ---- must stay silent ----

func (t *transport) silent(req *http.Request) (string, error) {
	s := t.sprintf("auth %s", req.Header.Get("Authorization"))
	s += t.debugText("auth %s", req.Header.Get("Authorization"))
	t.onDebug(req.Header.Get("Authorization"))
	t.catalogFn("auth %s", req.Header.Get("Authorization"))
	t.OnRequest(req)
	t.logFn("request %p of %T", req, req.Header)
	return s, t.errf("auth %s", req.Header.Get("Authorization"))
}
