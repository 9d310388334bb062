// Package httplogger is a project's logging facility: an interface whose
// methods are no logging verbs, implemented by a logger that writes to a
// file.
package httplogger

import (
	"fmt"
	"io"
	"net/http"
	"os"
	"strings"
)

// Filter edits what is written.
type Filter struct {
	Header func(key string, val []string) (bool, []string)
}

// Writer writes to the logging facility.
type Writer interface {
	WriteHeaders(h http.Header, filter Filter) // want WriteHeaders:`authlog\(sink=fmt.Fprintf to fl.logFile values=p0\)`
	WriteRequest(req *http.Request)
	RenderHeaders(w io.Writer, h http.Header)
}

// Instance is the logger in use.
var Instance Writer = nilLogger{}

type nilLogger struct{}

func (nilLogger) WriteHeaders(http.Header, Filter)     {}
func (nilLogger) WriteRequest(*http.Request)           {}
func (nilLogger) RenderHeaders(io.Writer, http.Header) {}

// fileLogger writes to the file the environment names.
type fileLogger struct {
	logFile *os.File
}

func (fl fileLogger) WriteHeaders(h http.Header, filter Filter) { // want WriteHeaders:`authlog\(sink=fmt.Fprintf to fl.logFile values=p0\)`
	for k, v := range h {
		fmt.Fprintf(fl.logFile, "%s: %s\n", k, strings.Join(v, ","))
	}
}

func (fl fileLogger) WriteRequest(req *http.Request) {
	fmt.Fprintf(fl.logFile, "%s %s %v\n", req.Method, req.URL, req.Header) // want `http.Header \(may hold Authorization, Proxy-Authorization, ...\) reaches fmt.Fprintf to fl.logFile`
}

// RenderHeaders writes to the writer it is given, which is no log.
func (fl fileLogger) RenderHeaders(w io.Writer, h http.Header) { // want RenderHeaders:`authlog\(p0<-p1\)`
	fmt.Fprintf(w, "%v", h)
}

// ---- must stay silent: an exporter writes to the file it was asked for ----

// Exporter exports headers.
type Exporter interface {
	Export(h http.Header)
}

type fileExporter struct {
	out *os.File
}

func (e fileExporter) Export(h http.Header) {
	for k, v := range h {
		fmt.Fprintf(e.out, "%s: %s\n", k, strings.Join(v, ","))
	}
}
