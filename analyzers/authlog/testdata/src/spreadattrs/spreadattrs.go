// Package spreadattrs builds the attributes of a log line in a list and
// hands the list to the logger spread (attrs...): each element is logged
// as an argument of its own, and a credential is redacted where it enters
// the list.
package spreadattrs

import (
	"context"
	"log"
	"log/slog"
	"net/http"
)

type Client struct {
	logger *slog.Logger
	hc     *http.Client
}

func (c *Client) Do(req *http.Request) (*http.Response, error) {
	attrs := []any{"method", req.Method, "url", req.URL.Path}
	if c.logger.Enabled(req.Context(), slog.LevelDebug) {
		attrs = append(attrs, "headers", req.Header) // want `http.Header \(may hold .*\) reaches \(\*slog.Logger\).Debug`
	}
	c.logger.Debug("sending request", attrs...)
	return c.hc.Do(req)
}

func trace(req *http.Request) {
	fields := []any{"request", req.Method, req.URL.Path, "headers:", req.Header} // want `http.Header \(may hold .*\) reaches log.Println`
	log.Println(fields...)
}

func (c *Client) auth(req *http.Request) {
	attrs := []slog.Attr{slog.String("method", req.Method)}
	attrs = append(attrs, slog.String("authorization", req.Header.Get("Authorization"))) // want `Authorization header value reaches \(\*slog.Logger\).LogAttrs`
	c.logger.LogAttrs(context.Background(), slog.LevelDebug, "sending request", attrs...)
}

// Silent: the list holds no credential.
func (c *Client) quiet(req *http.Request) {
	attrs := []any{"method", req.Method, "url", req.URL.Path}
	attrs = append(attrs, "content-type", req.Header.Get("Content-Type"))
	c.logger.Debug("sending request", attrs...)
}

// Silent: the list is filled by a helper, which is not followed; what it
// adds is the helper's to answer for.
func (c *Client) filled(req *http.Request) {
	attrs := []any{"method", req.Method}
	attrs = addURL(attrs, req)
	c.logger.Debug("sending request", attrs...)
}

func addURL(attrs []any, req *http.Request) []any {
	return append(attrs, "url", req.URL.Path)
}

func (c *Client) declared(req *http.Request) {
	var fields []any
	fields = append(fields, "method", req.Method)
	fields = append(fields, "cookie", req.Header.Get("Cookie")) // want `Cookie header value reaches \(\*slog.Logger\).Debug`
	c.logger.Debug("sending request", fields...)
}

// requestAttrs builds the attributes of every request line: its list is
// only ever handed to the logger spread, so the header is redacted where
// it enters it.
func requestAttrs(req *http.Request) []any {
	return []any{"method", req.Method, "url", req.URL.Path, "headers", req.Header}
}

func (c *Client) send(req *http.Request) (*http.Response, error) {
	c.logger.Debug("sending request", requestAttrs(req)...) // want `http.Header \(may hold .*\) reaches \(\*slog.Logger\).Debug`
	return c.hc.Do(req)
}

// Silent: the helper's list holds no header.
func routeAttrs(req *http.Request) []any {
	return []any{"method", req.Method, "url", req.URL.Path}
}

func (c *Client) route(req *http.Request) {
	c.logger.Info("routing", routeAttrs(req)...)
}

// Silent: the header's place in the list is overwritten before the list
// is logged.
func (c *Client) replaced(req *http.Request) {
	attrs := []any{"method", req.Method, "headers", req.Header}
	attrs[3] = "omitted"
	c.logger.Debug("sending request", attrs...)
}

// Silent: the list is handed to a helper in a declaration, which may
// change it, before it is logged.
func (c *Client) handed(req *http.Request) {
	attrs := []any{"method", req.Method, "headers", req.Header}
	var scrubbed = scrubAttrs(attrs)
	c.logger.Debug("sending request", attrs...)
	_ = scrubbed
}

// scrubAttrs replaces every value after a "headers" key.
func scrubAttrs(attrs []any) bool {
	for i := 1; i < len(attrs); i += 2 {
		if attrs[i-1] == "headers" {
			attrs[i] = "omitted"
		}
	}
	return true
}

// The request's attributes go into a group of their own, itself one
// element of the list logged spread: the group's list is logged element
// by element too.
func (c *Client) grouped(ctx context.Context, req *http.Request) {
	var meta []any
	requestMeta := []any{
		"method", req.Method,
		"headers", req.Header, // want `http.Header \(may hold .*\) reaches \(\*slog.Logger\).DebugContext`
	}
	meta = append(meta, slog.Group("request", requestMeta...))
	c.logger.DebugContext(ctx, "api call trace", meta...)
}

func (c *Client) groupedDirect(req *http.Request) {
	requestMeta := []any{"method", req.Method, "cookie", req.Header.Get("Cookie")} // want `Cookie header value reaches \(\*slog.Logger\).Info`
	c.logger.Info("request", slog.Group("request", requestMeta...))
}

// Silent: the group's list holds no credential.
func (c *Client) groupedQuiet(ctx context.Context, req *http.Request) {
	requestMeta := []any{"method", req.Method, "content-type", req.Header.Get("Content-Type")}
	c.logger.DebugContext(ctx, "api call trace", slog.Group("request", requestMeta...))
}

// Silent: the group's list is handed to a helper that may change it
// before it is logged.
func (c *Client) groupedHanded(req *http.Request) {
	requestMeta := []any{"method", req.Method, "headers", req.Header}
	scrubAttrs(requestMeta)
	c.logger.Info("request", slog.Group("request", requestMeta...))
}
