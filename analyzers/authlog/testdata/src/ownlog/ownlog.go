// Package ownlog is a project's own logger: a concrete type that writes to
// the writer it was given.
package ownlog

import (
	"bytes"
	"fmt"
	"io"
)

// StdLogger writes to its writer.
type StdLogger struct{ out io.Writer }

// New returns a logger that writes to w.
func New(w io.Writer) *StdLogger { return &StdLogger{out: w} }

// Debugf formats to the logger's writer.
func (l *StdLogger) Debugf(format string, args ...any) { // want Debugf:`authlog\(sink=fmt.Fprintf to l.out values=p0 printf=p0:p1\)`
	fmt.Fprintf(l.out, format, args...)
}

// Info writes a message and key/value pairs.
func (l *StdLogger) Info(msg string, keyvals ...any) { // want Info:`authlog\(sink=io.WriteString to l.out values=p0,p1\)`
	io.WriteString(l.out, msg+fmt.Sprint(keyvals...))
}

// Render is no logging verb: it writes a page, not a log.
func (l *StdLogger) Render(format string, args ...any) {
	fmt.Fprintf(l.out, format, args...)
}

// Printer's name does not say it logs.
type Printer struct{ out io.Writer }

// Printf formats to the printer's writer.
func (p *Printer) Printf(format string, args ...any) {
	fmt.Fprintf(p.out, format, args...)
}

// CaptureLogger keeps what it logs in memory, as a test logger does.
type CaptureLogger struct{ buf *bytes.Buffer }

// Debugf formats into the buffer.
func (l *CaptureLogger) Debugf(format string, args ...any) {
	fmt.Fprintf(l.buf, format, args...)
}
