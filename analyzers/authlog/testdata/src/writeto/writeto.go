// Package writeto: text written to a log by the WriteTo method of an
// io.WriterTo (a bytes.Buffer, a strings.Reader), as io.Copy writes it.
package writeto

import (
	"bytes"
	"fmt"
	"io"
	"net/http"
	"net/http/httputil"
	"os"
	"strings"
)

// Must flag: a dump kept in a buffer, written to stderr.
func dumpBuffer(req *http.Request) {
	var b bytes.Buffer
	d, err := httputil.DumpRequestOut(req, true)
	if err != nil {
		return
	}
	b.Write(d)
	b.WriteTo(os.Stderr) // want `request dump \(includes every header\) reaches b.WriteTo to os.Stderr`
}

// Must flag: the request written into a buffer, the buffer to stdout.
func writeRequest(req *http.Request) {
	b := &bytes.Buffer{}
	if err := req.Write(b); err != nil {
		return
	}
	b.WriteTo(os.Stdout) // want `request dump \(includes every header\) reaches b.WriteTo to os.Stdout`
}

// Must stay silent: the buffer holds the method and the URL only.
func lineBuffer(req *http.Request) {
	var b bytes.Buffer
	fmt.Fprintf(&b, "%s %s\n", req.Method, req.URL.Redacted())
	b.WriteTo(os.Stderr)
}

// Must stay silent: the dump goes back to the client that asked.
func echo(w http.ResponseWriter, req *http.Request) {
	var b bytes.Buffer
	d, _ := httputil.DumpRequest(req, false)
	b.Write(d)
	b.WriteTo(w)
}

// Must stay silent: the dump goes to a file the user named.
func toFile(req *http.Request, name string) error {
	f, err := os.Create(name)
	if err != nil {
		return err
	}
	defer f.Close()
	d, err := httputil.DumpRequestOut(req, true)
	if err != nil {
		return err
	}
	_, err = strings.NewReader(string(d)).WriteTo(f)
	return err
}

// Must stay silent: the dump of a clone without the credentials.
func dumpRedacted(req *http.Request) {
	r := req.Clone(req.Context())
	r.Header = make(http.Header)
	d, _ := httputil.DumpRequestOut(r, false)
	bytes.NewBuffer(d).WriteTo(os.Stderr)
}

// Must flag: header lines composed into a buffer, the buffer written
// whole: the fix redacts the header where its lines enter the text.
func headerLines(req *http.Request) {
	var b bytes.Buffer
	for k, vv := range req.Header {
		fmt.Fprintf(&b, " -H '%s: %s'", k, strings.Join(vv, ",")) // want `http.Header \(may hold Authorization, Proxy-Authorization, ...\) reaches b.WriteTo to os.Stderr`
	}
	b.WriteTo(os.Stderr)
}

// Must flag: the same, copied out by io.Copy.
func headerCopy(req *http.Request) {
	var b bytes.Buffer
	fmt.Fprintf(&b, "headers: %v", req.Header) // want `http.Header \(may hold Authorization, Proxy-Authorization, ...\) reaches io.Copy to os.Stdout`
	io.Copy(os.Stdout, &b)
}

// Must stay silent: the lines of a header without the credentials.
func headerLinesRedacted(req *http.Request) {
	var b bytes.Buffer
	h := req.Header.Clone()
	h.Del("Authorization")
	h.Del("Cookie")
	for k, vv := range h {
		fmt.Fprintf(&b, " -H '%s: %s'", k, strings.Join(vv, ","))
	}
	b.WriteTo(os.Stderr)
}
