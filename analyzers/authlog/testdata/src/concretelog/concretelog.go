// Package concretelog logs request headers through concrete logger types,
// of another module and of its own, whose methods have a logger's shape.
package concretelog

import (
	"fmt"
	"net/http"

	"example.com/chanlog"
)

// asyncLogger is the project's own logger: it queues lines for a
// goroutine that writes them.
type asyncLogger struct {
	lines chan string
}

func (l *asyncLogger) Debugf(format string, args ...any) {
	l.lines <- fmt.Sprintf(format, args...)
}

// nopLogger logs nothing: its methods do not use what they are handed.
type nopLogger struct{}

func (nopLogger) Debugf(format string, args ...any) {} // want Debugf:"quiet"

// statsPrinter is no logger: its name does not say it logs.
type statsPrinter struct {
	lines chan string
}

func (p *statsPrinter) Printf(format string, args ...any) {
	p.lines <- fmt.Sprintf(format, args...)
}

// counted counts what it is handed: it writes nothing.
type countingLogger struct{ n int }

func (c *countingLogger) Debugf(format string, args ...any) { c.n += len(args) } // want Debugf:"quiet"

var own = &asyncLogger{lines: make(chan string, 8)}

// alone logs through the package's own logger and nothing else.
func alone(req *http.Request) {
	own.Debugf("sending with headers %v", req.Header) // want `http.Header \(may hold Authorization, Proxy-Authorization, ...\) reaches \(\*asyncLogger\).Debugf`
}

// quiet hands the header to loggers that write nothing out, and to a
// parser's warnings: silent.
func quiet(req *http.Request, nop chanlog.NopLogger, ev *chanlog.EventLog, lp *chanlog.LogParser, cl *countingLogger) {
	nop.Debugf("headers %v", req.Header)
	ev.Log(req.Header.Get("Authorization"))
	lp.Warnf("headers %v", req.Header)
	cl.Debugf("headers %v", req.Header)
}

func send(req *http.Request, lg *chanlog.Logger, own *asyncLogger, nop nopLogger, sp *statsPrinter) error {
	lg.Debugf("sending %s with headers %v", req.URL, req.Header) // want `http.Header \(may hold Authorization, Proxy-Authorization, ...\) reaches \(\*chanlog.Logger\).Debugf`

	lg.Info("sending", "auth", req.Header.Get("Authorization")) // want `Authorization header value reaches \(\*chanlog.Logger\).Info`

	own.Debugf("headers %v", req.Header) // want `http.Header \(may hold Authorization, Proxy-Authorization, ...\) reaches \(\*asyncLogger\).Debugf`

	// Silent: a logger that logs nothing, a printer that is no logger,
	// and a logger's method that builds an error.
	nop.Debugf("headers %v", req.Header)
	sp.Printf("headers %v", req.Header)
	err := lg.Errorf("auth %s", req.Header.Get("Authorization"))
	_ = err

	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}
