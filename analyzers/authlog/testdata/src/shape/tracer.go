package shape

import (
	"context"
	"net/http"
	"net/http/httputil"
)

// Tracer is an SDK's trace output: its name says trace, and Printf takes
// a variadic list, so what it prints is debug output.
type Tracer interface {
	Printf(string, ...interface{})
}

// lines prints values, held under a name that says debug.
type lines interface {
	Println(args ...any)
}

// SpanTracer is a tracing API: Trace takes a span's name alone.
type SpanTracer interface {
	Trace(ctx context.Context, name string)
}

type tracedClient struct {
	Tracer Tracer
	debug  lines
	spans  SpanTracer
	out    lines
}

func (c *tracedClient) dumpRequest(r *http.Request) {
	if c.Tracer == nil {
		return
	}
	if dump, err := httputil.DumpRequest(r, true); err == nil {
		c.Tracer.Printf("\n%s\n", dump) // want `request dump \(includes every header\) reaches Tracer.Printf`
	}
}

func (c *tracedClient) debugHeaders(r *http.Request) {
	c.debug.Println("headers:", r.Header) // want `http.Header \(may hold Authorization, Proxy-Authorization, ...\) reaches c.debug.Println`
}

func (c *tracedClient) notDebug(ctx context.Context, r *http.Request) {
	c.spans.Trace(ctx, r.Header.Get("Authorization"))
	c.out.Println("headers:", r.Header)
}
