// Package ownerwriter writes request dumps to the writer of a type there to
// debug or trace: its writer is debug output, whatever the field's name.
package ownerwriter

import (
	"bytes"
	"io"
	"net/http"
	"net/http/httputil"
)

// DebugTransport dumps each request to Out.
type DebugTransport struct {
	Base http.RoundTripper
	Out  io.Writer
}

func (t *DebugTransport) RoundTrip(req *http.Request) (*http.Response, error) {
	if b, err := httputil.DumpRequestOut(req, true); err == nil {
		t.Out.Write(b) // want `request dump \(includes every header\) reaches t.Out.Write`
	}
	return t.Base.RoundTrip(req)
}

// tracer writes each exchange to w.
type tracer struct{ w io.Writer }

func (t tracer) request(req *http.Request) {
	if b, err := httputil.DumpRequestOut(req, false); err == nil {
		t.w.Write(b) // want `request dump \(includes every header\) reaches t.w.Write`
	}
}

// ---- must stay silent ----

// Recorder records the exchanges the user asked it to, in the file the
// user gave it: its name says nothing of debugging.
type Recorder struct {
	Base http.RoundTripper
	Out  io.Writer
}

func (r *Recorder) RoundTrip(req *http.Request) (*http.Response, error) {
	if b, err := httputil.DumpRequestOut(req, true); err == nil {
		r.Out.Write(b)
	}
	return r.Base.RoundTrip(req)
}

// traceBuffer keeps its trace in memory, for the caller to read.
type traceBuffer struct {
	Base http.RoundTripper
	buf  bytes.Buffer
}

func (t *traceBuffer) RoundTrip(req *http.Request) (*http.Response, error) {
	if b, err := httputil.DumpRequestOut(req, true); err == nil {
		t.buf.Write(b)
	}
	return t.Base.RoundTrip(req)
}
