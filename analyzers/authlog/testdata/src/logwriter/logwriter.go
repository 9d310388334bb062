// Package logwriter writes credentials to the writer of a log (log.Writer,
// a *log.Logger's or logrus's Writer, io.MultiWriter with a standard
// stream) and to a logger interface whose method is Output(calldepth,
// s), as *log.Logger's is.
package logwriter

import (
	"bytes"
	"fmt"
	"io"
	"log"
	"net/http"
	"net/http/httputil"
	"os"

	"github.com/sirupsen/logrus"
)

// logger is what a client needs of a *log.Logger.
type logger interface {
	Output(calldepth int, s string) error
}

type Client struct {
	log logger
}

func (c *Client) debugf(req *http.Request) {
	c.log.Output(2, fmt.Sprintf("headers %v", req.Header)) // want `http.Header \(may hold Authorization, Proxy-Authorization, ...\) reaches logger.Output`
}

func stdWriter(req *http.Request) {
	fmt.Fprintf(log.Writer(), "headers %v\n", req.Header) // want `http.Header \(may hold .*\) reaches fmt.Fprintf to log.Writer\(\)`
}

func loggerWriter(l *log.Logger, req *http.Request) {
	fmt.Fprintln(l.Writer(), "token", req.Header.Get("Authorization")) // want `Authorization header value reaches fmt.Fprintln to l.Writer\(\)`
}

func logrusWriter(l *logrus.Logger, req *http.Request) {
	w := l.WriterLevel(logrus.DebugLevel)
	defer w.Close()
	dump, _ := httputil.DumpRequestOut(req, true)
	w.Write(dump) // want `request dump \(includes every header\) reaches w.Write`
}

func tee(req *http.Request, f *os.File) {
	w := io.MultiWriter(os.Stderr, f)
	fmt.Fprintf(w, "headers %v\n", req.Header) // want `http.Header \(may hold .*\) reaches fmt.Fprintf to w`
}

// Silent: a file and a buffer, no standard stream.
func toFile(req *http.Request, f *os.File) {
	var b bytes.Buffer
	w := io.MultiWriter(f, &b)
	fmt.Fprintf(w, "headers %v\n", req.Header)
}

// renderer has an Output method but is no logger.
type renderer interface {
	Output(calldepth int, s string) error
}

// Silent: the method and URL; and a renderer, not a logger.
func silent(c *Client, r renderer, req *http.Request) {
	c.log.Output(2, req.Method+" "+req.URL.Redacted())
	r.Output(2, fmt.Sprint(req.Header))
}

// Conn copies what it sends to the log file it was given, or to the file
// the user asked the output in.
type Conn struct {
	logFile io.Writer
	outFile io.Writer
}

func (c *Conn) send(req *http.Request) {
	fmt.Fprintf(c.logFile, "SEND %v\n", req.Header) // want `http.Header \(may hold .*\) reaches fmt.Fprintf to c.logFile`
	fmt.Fprintf(c.outFile, "SEND %v\n", req.Header)
}

// Client2 writes every exchange to the writer the user set as its log
// (SetLog), and keeps the last response in a buffer of its own.
type Client2 struct {
	Log    io.Writer
	Logger io.Writer
	Last   *bytes.Buffer
}

func (c *Client2) trace(req *http.Request) {
	dump, _ := httputil.DumpRequestOut(req, true)
	c.Log.Write(dump) // want `request dump \(includes every header\) reaches c.Log.Write`
}

func (c *Client2) headers(req *http.Request) {
	fmt.Fprintf(c.Logger, "%v\n", req.Header) // want `http.Header \(may hold .*\) reaches fmt.Fprintf to c.Logger`
}

// Silent: a buffer named Log is text kept in memory, and the request's
// method and address hold no credential.
func (c *Client2) keep(req *http.Request) {
	var Log bytes.Buffer
	dump, _ := httputil.DumpRequestOut(req, true)
	Log.Write(dump)
	c.Last = &Log
	fmt.Fprintf(c.Log, "%s %s\n", req.Method, req.URL.Redacted())
}
