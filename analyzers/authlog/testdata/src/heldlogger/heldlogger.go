// Package heldlogger logs through interfaces whose names do not say that
// they log, held in fields, variables and parameters whose names do.
package heldlogger

import (
	"net/http"
)

// Leveled is a leveled logger by its methods only.
type Leveled interface {
	Debugf(format string, args ...any)
	Infof(format string, args ...any)
}

// Sink takes structured messages.
type Sink interface {
	Log(level int, msg string, keyvals ...any)
}

type Client struct {
	Logger  Leveled
	printer Leveled
	render  interface {
		Render(format string, args ...any)
	}
}

func (c *Client) send(req *http.Request) {
	c.Logger.Debugf("request headers: %v", req.Header) // want `http.Header \(may hold Authorization, Proxy-Authorization, ...\) reaches c.Logger.Debugf`
}

func debugToken(log interface{ Printf(string, ...any) }, req *http.Request) {
	log.Printf("token %s", req.Header.Get("Authorization")) // want `Authorization header value reaches log.Printf`
}

func structured(httpLogger Sink, req *http.Request) {
	httpLogger.Log(1, "request", "cookie", req.Header.Get("Cookie")) // want `Cookie header value reaches httpLogger.Log`
}

// A leveled method logs whatever its holder is named: Debugf of an
// interface that also has Infof.
func (c *Client) printed(req *http.Request) {
	c.printer.Debugf("request headers: %v", req.Header) // want `http.Header \(may hold Authorization, Proxy-Authorization, ...\) reaches c.printer.Debugf`
}

// Silent: a method that is no logging verb, and a message without
// credentials.
func (c *Client) silent(log Leveled, req *http.Request) {
	c.render.Render("%v", req.Header)
	log.Infof("%s %s", req.Method, req.URL.Redacted())
}
