// Package fillhelper logs what helpers write into the buffer, writer or
// map of fields they are handed.
package fillhelper

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"log"
	"log/slog"
	"net/http"
	"net/http/httputil"
	"net/textproto"

	"fillhelper/logfmt"
)

// writeHeaders writes every header into w.
func writeHeaders(w io.Writer, h http.Header) {
	for k, vs := range h {
		for _, v := range vs {
			fmt.Fprintf(w, "%s: %s\n", k, v)
		}
	}
}

// logRequest logs the headers a helper wrote into its buffer.
func logRequest(req *http.Request) {
	var b bytes.Buffer
	writeHeaders(&b, req.Header) // want `http.Header \(may hold Authorization, Proxy-Authorization, ...\) reaches log.Printf`
	log.Printf("request headers:\n%s", b.String())
}

// headerFields parses a dump's headers into the caller's fields.
func headerFields(r *textproto.Reader, fields map[string]any) error {
	if _, err := r.ReadLine(); err != nil {
		return err
	}
	h, err := r.ReadMIMEHeader()
	if err != nil {
		return err
	}
	for k, v := range h {
		fields[k] = v
	}
	return nil
}

// logDumpFields logs a request as fields parsed from its dump.
func logDumpFields(req *http.Request) {
	dump, err := httputil.DumpRequestOut(req, false)
	if err != nil {
		return
	}
	fields := map[string]any{"method": req.Method}
	if err := headerFields(textproto.NewReader(bufio.NewReader(bytes.NewReader(dump))), fields); err != nil {
		return
	}
	slog.Debug("sending request", "fields", fields) // want `request dump \(includes every header\) reaches slog.Debug`
}

// writeLine writes the method and path alone.
func writeLine(w io.Writer, req *http.Request) {
	fmt.Fprintf(w, "%s %s", req.Method, req.URL.Path)
}

// logLine logs what the helper wrote: silent.
func logLine(req *http.Request) {
	var b bytes.Buffer
	writeLine(&b, req)
	log.Print(b.String())
}

// logOther logs a buffer the helper did not write the headers into: silent.
func logOther(req *http.Request) {
	var b, other bytes.Buffer
	writeHeaders(&other, req.Header)
	b.WriteString(req.Method)
	log.Print(b.String())
	_ = other
}

// logForeign logs what a helper of another package wrote.
func logForeign(req *http.Request) {
	var b bytes.Buffer
	logfmt.Line(&b, req)
	logfmt.Headers(&b, req.Header) // want `http.Header \(may hold Authorization, Proxy-Authorization, ...\) reaches log.Print`
	log.Print(b.String())
}

// logForeignLine logs the line alone: silent.
func logForeignLine(req *http.Request) {
	var b bytes.Buffer
	logfmt.Line(&b, req)
	log.Print(b.String())
}
