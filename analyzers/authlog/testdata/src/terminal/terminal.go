// Package terminal writes request dumps to writers that are the terminal
// because the package, or the package that declares them, sets them to
// os.Stdout or os.Stderr.
package terminal

import (
	"bytes"
	"io"
	"net/http"
	"net/http/httputil"
	"os"

	"terminaldep"
)

// Transport dumps each request to Output, as a debug transport does.
type Transport struct {
	http.RoundTripper
	Output io.Writer // want Output:"terminal"
	// Record, Saved and Mem receive the same dumps but are never the
	// terminal.
	Record io.Writer
	Saved  io.Writer
	Mem    io.Writer
	Never  io.Writer
}

// NewDebug sets Output to the terminal.
func NewDebug(w http.ResponseWriter, path string) (*Transport, error) { // want NewDebug:`authlog\(result0<-p0\)`
	f, err := os.Create(path)
	if err != nil {
		return nil, err
	}
	return &Transport{
		RoundTripper: http.DefaultTransport,
		Output:       os.Stderr,
		Record:       w,
		Saved:        f,
		Mem:          &bytes.Buffer{},
	}, nil
}

// ensureNewline hands back what it is given, as a helper of the dump.
func ensureNewline(b []byte) []byte {
	if len(b) > 0 && b[len(b)-1] != '\n' {
		b = append(b, '\n')
	}
	return b
}

func (t *Transport) RoundTrip(req *http.Request) (*http.Response, error) {
	var buf bytes.Buffer
	b, err := httputil.DumpRequestOut(req, true)
	if err != nil {
		return nil, err
	}
	buf.Write(ensureNewline(b))
	// Must stay silent: a response writer, a file the user named, a
	// buffer, and a writer never set: none is the terminal.
	t.Record.Write(buf.Bytes())
	t.Saved.Write(buf.Bytes())
	t.Mem.Write(buf.Bytes())
	t.Never.Write(buf.Bytes())
	if _, err := io.Copy(t.Output, &buf); err != nil { // want `request dump \(includes every header\) reaches io.Copy to t.Output`
		return nil, err
	}
	return t.RoundTripper.RoundTrip(req)
}

// trace is set to the terminal in an assignment.
var trace io.Writer

func init() {
	trace = os.Stdout
}

func dumpTrace(req *http.Request) {
	b, err := httputil.DumpRequest(req, false)
	if err != nil {
		return
	}
	trace.Write(b) // want `request dump \(includes every header\) reaches trace.Write`
}

// Through facts: writers that another package sets to the terminal.
func dumpDep(req *http.Request, o terminaldep.Options) {
	b, _ := httputil.DumpRequest(req, false)
	io.WriteString(terminaldep.Output, string(b)) // want `request dump \(includes every header\) reaches io.WriteString to terminaldep.Output`
	c, _ := httputil.DumpRequest(req, false)
	o.Out.Write(c) // want `request dump \(includes every header\) reaches o.Out.Write`
	// Must stay silent: the audit writer is the caller's.
	d, _ := httputil.DumpRequest(req, false)
	o.Audit.Write(d)
}
