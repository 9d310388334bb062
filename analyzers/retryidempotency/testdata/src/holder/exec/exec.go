// Package exec builds a request from a method it is handed, keeps it in a
// struct beside the client, and sends it from a method of that struct, as
// generated SDKs' request configs do.
package exec

import (
	"context"
	"fmt"
	"net/http"
)

// Config holds a request and the client that sends it.
type Config struct {
	Request    *http.Request
	HTTPClient *http.Client
}

// Execute sends the request the config holds.
func (cfg *Config) Execute() error { // want Execute:`sends\(receiver\)`
	res, err := cfg.HTTPClient.Do(cfg.Request)
	if err != nil {
		return err
	}
	defer res.Body.Close()
	if res.StatusCode >= 400 {
		return fmt.Errorf("status %d", res.StatusCode)
	}
	return nil
}

// ExecuteNewRequest builds a request with method and sends it.
func ExecuteNewRequest(ctx context.Context, method, url string) error { // want ExecuteNewRequest:`write\(method of param 1\)`
	req, err := http.NewRequestWithContext(ctx, method, url, nil)
	if err != nil {
		return err
	}
	cfg := &Config{Request: req, HTTPClient: http.DefaultClient}
	return cfg.Execute()
}
