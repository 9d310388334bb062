// Package notsent retries writes only after errors raised before the
// request reached a server (a refused connection, a failed DNS lookup),
// which leave no unknown outcome, and after errors that may come once it
// was written.
package notsent

import (
	"bytes"
	"context"
	"errors"
	"net"
	"net/http"
	"syscall"
	"time"
)

func pause(ctx context.Context) error {
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-time.After(time.Second):
		return nil
	}
}

// Silent: only a refused connection is retried.
func refusedOnly(ctx context.Context, hc *http.Client, body []byte) error {
	for range 3 {
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, "https://example.com/orders", bytes.NewReader(body))
		if err != nil {
			return err
		}
		resp, err := hc.Do(req)
		if errors.Is(err, syscall.ECONNREFUSED) {
			if err := pause(ctx); err != nil {
				return err
			}
			continue
		}
		if err != nil {
			return err
		}
		return resp.Body.Close()
	}
	return errors.New("refusedOnly: attempts exhausted")
}

func refused(err error) bool { // want refused:`predicate\(transport=false 200=false`
	var dnsErr *net.DNSError
	return errors.Is(err, syscall.ECONNREFUSED) || errors.As(err, &dnsErr)
}

// Silent: a predicate that tells errors raised before sending.
func beforeSending(ctx context.Context, hc *http.Client, body []byte) error {
	for range 3 {
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, "https://example.com/orders", bytes.NewReader(body))
		if err != nil {
			return err
		}
		resp, err := hc.Do(req)
		if err != nil && refused(err) {
			if err := pause(ctx); err != nil {
				return err
			}
			continue
		}
		if err != nil {
			return err
		}
		return resp.Body.Close()
	}
	return errors.New("beforeSending: attempts exhausted")
}

// A timeout may come after the request was written.
func refusedOrTimeout(ctx context.Context, hc *http.Client, body []byte) error {
	for range 3 {
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, "https://example.com/orders", bytes.NewReader(body))
		if err != nil {
			return err
		}
		resp, err := hc.Do(req) // want `POST is retried after a transport error without an idempotency key`
		var ne net.Error
		if errors.Is(err, syscall.ECONNREFUSED) || errors.As(err, &ne) && ne.Timeout() {
			if err := pause(ctx); err != nil {
				return err
			}
			continue
		}
		if err != nil {
			return err
		}
		return resp.Body.Close()
	}
	return errors.New("refusedOrTimeout: attempts exhausted")
}
