// Package leveled logs through leveled interfaces whatever the names of
// their types and holders: the verb and the signature are the evidence.
package leveled

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"net/http/httputil"
	"strings"

	"leveledlib"
)

// Leveled is a project's logger named for its levels.
type Leveled interface {
	Debugf(format string, args ...interface{})
	Infof(format string, args ...interface{})
	Warnf(format string, args ...interface{})
	Errorf(format string, args ...interface{})
}

// KV takes a message and key-value pairs.
type KV interface {
	Debug(msg string, keysAndValues ...interface{})
	Error(err error, msg string, keysAndValues ...interface{})
}

// Kit is go-kit's shape: Log returns an error.
type Kit interface {
	Log(keyvals ...interface{}) error
}

// Sink is logr's shape: a level before the message.
type Sink interface {
	Info(level int, msg string, keysAndValues ...interface{})
}

// UI prints a message at a level.
type UI interface {
	Info(msg string)
	Warn(msg string)
}

type Client struct {
	l    Leveled
	lg   KV
	opts leveledlib.Options
}

// ---- must flag ----

func (c *Client) held(req *http.Request) {
	c.l.Debugf("auth %s", req.Header.Get("Authorization")) // want `Authorization header value reaches c.l.Debugf`

	c.l.Errorf("failed %s: %v", req.URL, req.Header) // want `http.Header \(may hold Authorization, Proxy-Authorization, ...\) reaches c.l.Errorf`

	c.lg.Debug("sending", "cookie", req.Header.Get("Cookie")) // want `Cookie header value reaches c.lg.Debug`

	c.opts.Out.Infof("key %s", req.Header.Get("X-Api-Key")) // want `X-Api-Key header value reaches c.opts.Out.Infof`
}

func params(out Leveled, k Kit, s Sink, ui UI, req *http.Request) {
	dump, _ := httputil.DumpRequestOut(req, true)
	out.Warnf("retrying: %s", dump) // want `request dump \(includes every header\) reaches out.Warnf`

	_ = k.Log("msg", "sending", "auth", req.Header.Get("Authorization")) // want `Authorization header value reaches k.Log`

	s.Info(1, "request", "header", req.Header) // want `http.Header \(may hold Authorization, Proxy-Authorization, ...\) reaches s.Info`

	ui.Warn("token " + req.Header.Get("X-Auth-Token")) // want `X-Auth-Token header value reaches ui.Warn`
}

func unnamed(tr interface {
	Tracef(format string, args ...interface{})
}, req *http.Request) {
	tr.Tracef("proxy auth %s", req.Header.Get("Proxy-Authorization")) // want `Proxy-Authorization header value reaches tr.Tracef`
}

// Out is a concrete logger whose name says nothing: Debugf beside Infof,
// writing to the writer it holds.
type Out struct{ w io.Writer }

func (o *Out) Debugf(format string, args ...interface{}) { fmt.Fprintf(o.w, format, args...) } // want Debugf:`authlog\(sink=fmt.Fprintf to o.w values=p0 printf=p0:p1\)`

func (o *Out) Infof(format string, args ...interface{}) { fmt.Fprintf(o.w, format+"\n", args...) } // want Infof:`authlog\(sink=fmt.Fprintf to o.w values=p0 printf=p0:p1\)`

func concrete(o *Out, req *http.Request) {
	o.Debugf("auth %s", req.Header.Get("Authorization")) // want `Authorization header value reaches \(\*Out\).Debugf \(which passes it to fmt.Fprintf to o.w\)`
}

// ---- must stay silent ----

// Report writes validation errors: Errorf without a level of a log.
type Report struct{ w io.Writer }

func (r *Report) Errorf(format string, args ...interface{}) { fmt.Fprintf(r.w, format, args...) }

// Text builds a message in memory.
type Text struct{ b strings.Builder }

func (t *Text) Debugf(format string, args ...interface{}) { fmt.Fprintf(&t.b, format, args...) }

func (t *Text) Infof(format string, args ...interface{}) { fmt.Fprintf(&t.b, format, args...) }

func concreteSilent(r *Report, t *Text, req *http.Request) {
	r.Errorf("bad header %s", req.Header.Get("Authorization"))
	t.Debugf("auth %s", req.Header.Get("Authorization"))
}

// Errs builds errors: its Errorf returns one.
type Errs interface {
	Errorf(format string, args ...interface{}) error
}

// Reporter reports a test's failures (gomock's TestReporter, testify's
// TestingT): Errorf and Fatalf are no log without a level that only logs
// have.
type Reporter interface {
	Errorf(format string, args ...interface{})
	Fatalf(format string, args ...interface{})
}

// TB is a test helper with a Log method.
type TB interface {
	Logf(format string, args ...interface{})
	Helper()
}

// TestInterface is testing.TB's shape for injection: Errorf beside Logf.
type TestInterface interface {
	Errorf(format string, args ...interface{})
	Logf(format string, args ...interface{})
}

// Validator records a validation error on a field.
type Validator interface {
	Error(field string, msg string)
}

// Notifier sends a warning message: one level alone, a message alone.
type Notifier interface {
	Warn(subject string, body string)
}

// Tracer starts spans.
type Tracer interface {
	Trace(ctx context.Context, name string)
}

// Printer prints: Print is no level of a log.
type Printer interface {
	Printf(format string, args ...interface{})
}

// Info returns what it looks up.
type Infos interface {
	Info(name string, args ...interface{}) (string, error)
}

func silent(e Errs, r Reporter, tb TB, ti TestInterface, v Validator, n Notifier, t Tracer, p Printer, i Infos, l Leveled, req *http.Request) error {
	r.Errorf("auth %s", req.Header.Get("Authorization"))
	tb.Logf("auth %s", req.Header.Get("Authorization"))
	ti.Errorf("unexpected request %#v", req)
	ti.Logf("auth %s", req.Header.Get("Authorization"))
	v.Error("Authorization", req.Header.Get("Authorization"))
	n.Warn("auth", req.Header.Get("Authorization"))
	t.Trace(req.Context(), req.Header.Get("Authorization"))
	p.Printf("%v", req.Header)
	_, _ = i.Info("auth", req.Header.Get("Authorization"))
	l.Debugf("req %p %T", req, req.Header) // no value shown
	return e.Errorf("auth %s", req.Header.Get("Authorization"))
}
