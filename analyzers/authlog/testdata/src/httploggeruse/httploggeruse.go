// Package httploggeruse calls a project's logger through its interface.
package httploggeruse

import (
	"bytes"
	"net/http"

	"httplogger"
)

func send(req *http.Request, exp httplogger.Exporter) {
	httplogger.Instance.WriteHeaders(req.Header, httplogger.Filter{}) // want `http.Header \(may hold Authorization, Proxy-Authorization, ...\) reaches httplogger.Writer.WriteHeaders \(which passes it to fmt.Fprintf to fl.logFile\)`

	// Silent: the exporter writes to a file the user asked for, and the
	// logger renders into a buffer the caller holds.
	exp.Export(req.Header)
	var b bytes.Buffer
	httplogger.Instance.RenderHeaders(&b, req.Header)
}
