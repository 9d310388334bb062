package shape

import (
	"bytes"
	"fmt"
	"io"
	"net/http"
	"os"
	"strings"
	"testing"

	"loggerdecl"
	"logiface"
	"logwrap"
	"ownlog"
)

// Client is an SDK client with a logger and debug output.
type Client struct {
	Logger      logiface.Logger
	Debug       io.Writer
	traceOutput io.Writer
	Out         io.Writer     // not a debug name: the output the user asked for
	DebugBuf    *bytes.Buffer // text kept in memory
}

// ---- must flag: a logger interface by its shape ----

func (c *Client) sdkLogger(r *http.Request) {
	c.Logger.Debugf("auth %s", r.Header.Get("Authorization")) // want `Authorization header value reaches logiface.Logger.Debugf`

	c.Logger.Logf(1, "headers %v", r.Header) // want `http.Header \(may hold Authorization, Proxy-Authorization, ...\) reaches logiface.Logger.Logf`

	c.Logger.Log("token", r.Header.Get("X-Vault-Token")) // want `X-Vault-Token header value reaches logiface.Logger.Log`

	c.Logger.Info("retrying", "key", r.Header.Get("X-Goog-Api-Key")) // want `X-Goog-Api-Key header value reaches logiface.Logger.Info`
}

func viaWrappers(l logiface.Logger, lv loggerdecl.LeveledLogger, r *http.Request) {
	logiface.Debug(l, "token %s", r.Header.Get("X-Amz-Security-Token")) // want `X-Amz-Security-Token header value reaches logiface.Debug \(which passes it to logiface.Logger.Debugf\)`

	logwrap.Warn(lv, "retry", "token", r.Header.Get("Private-Token")) // want `Private-Token header value reaches logwrap.Warn \(which passes it to loggerdecl.LeveledLogger.Warnw\)`
}

// leveledLogger is a logger interface declared where it is used.
type leveledLogger interface {
	Errorf(format string, args ...any)
	Error(msg string, keysAndValues ...any)
	Warning(msg string)
}

func local(l leveledLogger, r *http.Request) {
	l.Errorf("request %+v", r) // want `request formatted whole .* reaches leveledLogger.Errorf`

	l.Error("failed", "consul", r.Header.Get("X-Consul-Token")) // want `X-Consul-Token header value reaches leveledLogger.Error`

	l.Warning("token " + r.Header.Get("X-Nomad-Token")) // want `X-Nomad-Token header value reaches leveledLogger.Warning`
}

// ---- must flag: writes to a debug or trace writer ----

func (c *Client) debugWriter(r *http.Request) {
	fmt.Fprintf(c.Debug, "auth: %s\n", r.Header.Get("Authorization")) // want `Authorization header value reaches fmt.Fprintf to c.Debug`

	io.WriteString(c.traceOutput, r.Header.Get("X-Api-Key")) // want `X-Api-Key header value reaches io.WriteString to c.traceOutput`

	c.Debug.Write([]byte(r.Header.Get("Cookie"))) // want `Cookie header value reaches c.Debug.Write`
}

func traceParam(trace io.Writer, r *http.Request) {
	fmt.Fprintln(trace, r.Header) // want `http.Header .* reaches fmt.Fprintln to trace`
}

func stderrWrite(r *http.Request) {
	os.Stderr.WriteString(r.Header.Get("Authorization")) // want `Authorization header value reaches os.Stderr.WriteString`
}

// debugf formats to the debug writer: a log for its callers.
func (c *Client) debugf(format string, args ...any) {
	if c.Debug != nil {
		fmt.Fprintf(c.Debug, format, args...)
	}
}

func (c *Client) send(r *http.Request) {
	c.debugf("auth=%s", r.Header.Get("Authorization")) // want `Authorization header value reaches \(\*Client\).debugf \(which passes it to fmt.Fprintf to c.Debug\)`
	c.debugf("type=%T", r.Header.Get("Authorization"))
}

// A logger type of the project's own, which writes to its writer.
func ownLogger(l *ownlog.StdLogger, r *http.Request) {
	l.Debugf("auth=%s", r.Header.Get("Authorization")) // want `Authorization header value reaches \(\*ownlog.StdLogger\).Debugf \(which passes it to fmt.Fprintf to l.out\)`
}

// ---- must stay silent ----

func ownNotLoggers(l *ownlog.StdLogger, p *ownlog.Printer, cl *ownlog.CaptureLogger, r *http.Request) {
	l.Render("%s", r.Header.Get("Authorization"))
	p.Printf("%s", r.Header.Get("Authorization"))
	cl.Debugf("%s", r.Header.Get("Authorization"))
}

// Printer has a printf method, but its name does not say it logs.
type Printer interface {
	Printf(format string, args ...any)
}

// Catalog prints, but "Catalog" is not the word log, and Printf is no
// level of a log.
type Catalog interface {
	Printf(format string, args ...any)
}

func notLoggers(p Printer, cat Catalog, l logiface.Logger, r *http.Request) {
	p.Printf("%s", r.Header.Get("Authorization"))
	cat.Printf("%s", r.Header.Get("Authorization"))
	logiface.Show(p, "%s", r.Header.Get("Authorization"))
	l.Infof(r.Header.Get("Authorization"))             // a printf verb without a printf signature
	l.Debugf("type %T", r.Header.Get("Authorization")) // %T prints no value
}

func response(w http.ResponseWriter, r *http.Request) {
	fmt.Fprintf(w, "%v", r.Header)
}

// debug is the response here, whatever its name.
func handler(debug http.ResponseWriter, r *http.Request) {
	fmt.Fprintf(debug, "%s", r.Header.Get("Authorization"))
}

func (c *Client) notDebugWriters(out *os.File, r *http.Request) {
	fmt.Fprintf(out, "%s", r.Header.Get("Authorization")) // a file the user asked for
	c.Out.Write([]byte(r.Header.Get("Authorization")))
	fmt.Fprintf(c.DebugBuf, "%s", r.Header.Get("Authorization"))
	var trace strings.Builder
	trace.WriteString(r.Header.Get("Authorization"))
	fmt.Fprint(&trace, r.Header)
}

func testOutput(t *testing.T, tb testing.TB, r *http.Request) {
	t.Logf("%s", r.Header.Get("Authorization"))
	tb.Logf("%s", r.Header.Get("Authorization"))
}
