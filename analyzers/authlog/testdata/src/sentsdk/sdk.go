// Package sentsdk is an SDK whose Put logs the body it sends.
package sentsdk

import (
	"bytes"
	"context"
	"encoding/json"
	"log"
	"net/http"
	"strings"
)

type Client struct {
	Base string
	HC   *http.Client
}

// Put logs the body and sends it.
func (c *Client) Put(ctx context.Context, path string, body any) error { // want Put:`authlog\(sink=log\.Printf values=p1,p2 sends=p1,p2 result0<-p1\)`
	data, err := json.Marshal(body)
	if err != nil {
		return err
	}
	log.Printf("PUT %s: %s", path, data)
	r, err := http.NewRequestWithContext(ctx, http.MethodPut, c.Base+path, bytes.NewReader(data))
	if err != nil {
		return err
	}
	resp, err := c.HC.Do(r)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// Note logs only.
func Note(what string, v any) { // want Note:`authlog\(sink=log.Printf values=p0,p1\)`
	log.Printf("%s: %v", what, v)
}

// Upload logs the headers it is handed and sends only the body.
func (c *Client) Upload(ctx context.Context, path string, extra http.Header, body []byte) error { // want Upload:`authlog\(sink=log\.Printf values=p1,p2 sends=p1 result0<-p1\)`
	log.Printf("upload %s headers=%v", path, extra)
	ctx = context.WithValue(ctx, ctxKey{}, extra)
	r, err := http.NewRequestWithContext(ctx, http.MethodPut, c.Base+path, bytes.NewReader(body))
	if err != nil {
		return err
	}
	resp, err := c.HC.Do(r)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

type ctxKey struct{}

// IsNotFound inspects an error.
func IsNotFound(err error) bool { return err != nil && strings.Contains(err.Error(), "404") }
