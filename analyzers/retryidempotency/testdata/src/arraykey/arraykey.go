// Package arraykey makes idempotency keys by filling an array with random
// bytes.
package arraykey

import (
	"bytes"
	"crypto/rand"
	"encoding/hex"
	"net/http"
)

// newKey fills an array through a slice of it.
func newKey() string {
	var b [16]byte
	rand.Read(b[:])
	return hex.EncodeToString(b[:])
}

// A key made anew for each attempt.
func Transfer(hc *http.Client, url string, body []byte) error {
	var err error
	for i := 0; i < 3; i++ {
		req, rerr := http.NewRequest(http.MethodPost, url, bytes.NewReader(body))
		if rerr != nil {
			return rerr
		}
		req.Header.Set("Idempotency-Key", newKey()) // want `POST is retried after a transport error with an idempotency key made anew for each attempt`
		var resp *http.Response
		if resp, err = hc.Do(req); err != nil {
			continue
		}
		return resp.Body.Close()
	}
	return err
}

// Silent: the key is made once, before the loop.
func TransferOnce(hc *http.Client, url string, body []byte) error {
	key := newKey()
	var err error
	for i := 0; i < 3; i++ {
		req, rerr := http.NewRequest(http.MethodPost, url, bytes.NewReader(body))
		if rerr != nil {
			return rerr
		}
		req.Header.Set("Idempotency-Key", key)
		var resp *http.Response
		if resp, err = hc.Do(req); err != nil {
			continue
		}
		return resp.Body.Close()
	}
	return err
}
