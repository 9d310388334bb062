// Package freshany holds retrying senders that set an idempotency key on
// the request they re-send: made once, the key lets the server drop the
// duplicate; made on each attempt, it defeats that.
package freshany

import (
	"crypto/rand"
	"encoding/hex"
	"net/http"
)

func newUUID() string {
	b := make([]byte, 16)
	_, _ = rand.Read(b)
	return hex.EncodeToString(b)
}

type config struct {
	Request    *http.Request
	HTTPClient *http.Client
	MaxRetries int
}

// A new key on every clone.
func (cfg *config) execute() (*http.Response, error) {
	var res *http.Response
	var err error
	for i := 0; i <= cfg.MaxRetries; i++ {
		req := cfg.Request.Clone(cfg.Request.Context())
		req.Header.Set("Idempotency-Key", "sdk-"+newUUID()) // want `a request of any method is retried after a transport error with an idempotency key made anew for each attempt`
		res, err = cfg.HTTPClient.Do(req)
		if err == nil {
			return res, nil
		}
	}
	return nil, err
}

// Silent: one key, made before the first attempt, on every clone.
func (cfg *config) executeOnce() (*http.Response, error) {
	var res *http.Response
	var err error
	key := "sdk-" + newUUID()
	for i := 0; i <= cfg.MaxRetries; i++ {
		req := cfg.Request.Clone(cfg.Request.Context())
		req.Header.Set("Idempotency-Key", key)
		res, err = cfg.HTTPClient.Do(req)
		if err == nil {
			return res, nil
		}
	}
	return nil, err
}
