// Package pingfirst retries a function that pings through a client with a
// Timeout: alone, the Timeout bounds each call; before uploads through a
// client without one, it bounds no call.
package pingfirst

import (
	"bytes"
	"context"
	"errors"
	"net/http"
	"time"
)

// ping sends one GET through a client with a Timeout of 15 seconds.
func ping(url string) error {
	pc := &http.Client{Timeout: 15 * time.Second}
	req, err := http.NewRequest(http.MethodGet, url+"/v2/", nil)
	if err != nil {
		return err
	}
	resp, err := pc.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// waitReady pings until the registry answers.
func waitReady(url string) error {
	for i := 0; i < 5; i++ {
		if err := ping(url); err == nil { // want `per-attempt timeout \(http.Client.Timeout of the send in ping\) inside retry loop but no overall deadline`
			return nil
		}
		time.Sleep(time.Second)
	}
	return errors.New("registry not ready")
}

// push pings, then uploads every layer through a client without a
// Timeout: an upload may rightly take hours.
func push(ctx context.Context, url string, layers [][]byte) error {
	if err := ping(url); err != nil {
		return err
	}
	for _, l := range layers {
		req, err := http.NewRequestWithContext(ctx, http.MethodPut, url+"/blobs", bytes.NewReader(l))
		if err != nil {
			return err
		}
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			return err
		}
		resp.Body.Close()
	}
	return nil
}

// Silent: each attempt is a whole push, which no per-attempt timeout
// bounds; the next endpoint is tried after a failure.
func pushAny(ctx context.Context, endpoints []string, layers [][]byte) error {
	var last error
	for _, ep := range endpoints {
		if last = push(ctx, ep, layers); last == nil {
			return nil
		}
	}
	return last
}
