// Package ctorlog logs through the fields of its own logging package.
package ctorlog

import (
	"net/http"

	"example.com/zlog"
)

type Client struct {
	hc     *http.Client
	token  string
	logger zlog.Logger
}

func (c *Client) Do(req *http.Request) (*http.Response, error) {
	req.Header.Set("Authorization", "Bearer "+c.token)
	c.logger.Debug("http request",
		zlog.String("method", req.Method),
		zlog.Any("headers", req.Header), // want `http.Header \(may hold Authorization, Proxy-Authorization, ...\) reaches zlog.Logger.Debug`
	)
	return c.hc.Do(req)
}

// Silent: the method and the URL's path only.
func (c *Client) Get(req *http.Request) (*http.Response, error) {
	c.logger.Debug("http request", zlog.String("method", req.Method), zlog.Any("path", req.URL.Path))
	return c.hc.Do(req)
}
