// Package reqconfig is shaped like a generated SDK's request config: a
// constructor builds the request and keeps it in a field, and Execute
// sends a clone of it on each attempt. A key the constructor sets once
// is on every clone.
package reqconfig

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"net/http"
)

func newKey() string {
	b := make([]byte, 16)
	rand.Read(b)
	return hex.EncodeToString(b)
}

// keyedConfig's constructor sets an Idempotency-Key on every request but
// a GET, once, before the first attempt.
type keyedConfig struct {
	Request    *http.Request
	HTTPClient *http.Client
	MaxRetries int
}

func newKeyedConfig(ctx context.Context, method, url string) (*keyedConfig, error) {
	req, err := http.NewRequestWithContext(ctx, method, url, nil)
	if err != nil {
		return nil, err
	}
	if method != http.MethodGet {
		req.Header.Set("Idempotency-Key", "sdk-"+newKey())
	}
	return &keyedConfig{Request: req, HTTPClient: http.DefaultClient, MaxRetries: 2}, nil
}

func (cfg *keyedConfig) Execute(ctx context.Context) (*http.Response, error) { // want Execute:`sends\(receiver\)`
	var res *http.Response
	var err error
	for retry := 0; ; retry++ {
		req := cfg.Request.Clone(ctx)
		res, err = cfg.HTTPClient.Do(req)
		if err == nil || retry >= cfg.MaxRetries {
			return res, err
		}
	}
}

// plainConfig's constructor sets no key.
type plainConfig struct {
	Request    *http.Request
	HTTPClient *http.Client
	MaxRetries int
}

func newPlainConfig(ctx context.Context, method, url string) (*plainConfig, error) {
	req, err := http.NewRequestWithContext(ctx, method, url, nil)
	if err != nil {
		return nil, err
	}
	req.Header.Set("Accept", "application/json")
	return &plainConfig{Request: req, HTTPClient: http.DefaultClient, MaxRetries: 2}, nil
}

func (cfg *plainConfig) Execute(ctx context.Context) (*http.Response, error) { // want Execute:`sends\(receiver\)`
	var res *http.Response
	var err error
	for retry := 0; ; retry++ {
		req := cfg.Request.Clone(ctx)
		res, err = cfg.HTTPClient.Do(req) // want `a request of any method is re-sent after a transport error without a check of its method or an Idempotency-Key header`
		if err == nil || retry >= cfg.MaxRetries {
			return res, err
		}
	}
}

// halfConfig has two constructors, one of which sets no key.
type halfConfig struct {
	Request    *http.Request
	HTTPClient *http.Client
	MaxRetries int
}

func newHalfConfig(ctx context.Context, method, url string) (*halfConfig, error) {
	req, err := http.NewRequestWithContext(ctx, method, url, nil)
	if err != nil {
		return nil, err
	}
	req.Header.Set("Idempotency-Key", newKey())
	return &halfConfig{Request: req, HTTPClient: http.DefaultClient, MaxRetries: 2}, nil
}

func (cfg *halfConfig) withRequest(req *http.Request) *halfConfig {
	cfg.Request = req
	return cfg
}

func (cfg *halfConfig) Execute(ctx context.Context) (*http.Response, error) { // want Execute:`sends\(receiver\)`
	var res *http.Response
	var err error
	for retry := 0; ; retry++ {
		req := cfg.Request.Clone(ctx)
		res, err = cfg.HTTPClient.Do(req) // want `a request of any method is re-sent after a transport error without a check of its method or an Idempotency-Key header`
		if err == nil || retry >= cfg.MaxRetries {
			return res, err
		}
	}
}
