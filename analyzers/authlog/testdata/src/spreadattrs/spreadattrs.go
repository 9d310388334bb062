// Package spreadattrs builds the attributes of a log line in a list and
// hands the list to the logger spread (attrs...): a header that enters
// the list reaches the log, and is redacted where it enters it.
package spreadattrs

import (
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
		attrs = append(attrs, "headers", req.Header)
	}
	c.logger.Debug("sending request", attrs...) // want `http.Header \(may hold .*\) reaches \(\*slog.Logger\).Debug`
	return c.hc.Do(req)
}

func trace(req *http.Request) {
	fields := []any{"request", req.Method, req.URL.Path, "headers:", req.Header}
	log.Println(fields...) // want `http.Header \(may hold .*\) reaches log.Println`
}

// Silent: the list holds no header.
func (c *Client) quiet(req *http.Request) {
	attrs := []any{"method", req.Method, "url", req.URL.Path}
	attrs = append(attrs, "content-type", req.Header.Get("Content-Type"))
	c.logger.Debug("sending request", attrs...)
}
