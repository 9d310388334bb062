// Package foreignerr retries on errors.As into an error type of another
// package outside the standard library: an answer its sender decoded,
// which a transport error it passes on as net/http made it never is.
package foreignerr

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net"
	"net/http"
	"net/url"
	"strings"
	"time"

	"example.com/oauth"
	"example.com/rt"
)

func wait(ctx context.Context, d time.Duration) error {
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-time.After(d):
		return nil
	}
}

// token posts the form: a transport error is passed on as net/http made
// it, an error answer is decoded into an *oauth.Error.
func token(ctx context.Context, hc *http.Client, endpoint string, form url.Values) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, endpoint, strings.NewReader(form.Encode()))
	if err != nil {
		return err
	}
	resp, err := hc.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		var e oauth.Error
		if err := json.NewDecoder(resp.Body).Decode(&e); err != nil || e.Code == "" {
			return fmt.Errorf("oauth: status %s", resp.Status)
		}
		return &e
	}
	return nil
}

// tokenMapped folds a transport error into an *oauth.Error.
func tokenMapped(ctx context.Context, hc *http.Client, endpoint string, form url.Values) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, endpoint, strings.NewReader(form.Encode()))
	if err != nil {
		return err
	}
	resp, err := hc.Do(req)
	if err != nil {
		return &oauth.Error{Code: "authorization_pending"}
	}
	return resp.Body.Close()
}

// Silent: the device flow polls again only on authorization_pending, an
// answer; a transport error is no *oauth.Error and is returned.
func Poll(ctx context.Context, hc *http.Client, endpoint string, form url.Values) error {
	for {
		if err := wait(ctx, 5*time.Second); err != nil {
			return err
		}
		err := token(ctx, hc, endpoint, form)
		if err == nil {
			return nil
		}
		var target *oauth.Error
		if !errors.As(err, &target) {
			return err
		}
		if target.Code != "authorization_pending" {
			return err
		}
	}
}

// The sender folds a transport error into an *oauth.Error: the POST is
// sent again after an unknown outcome.
func PollMapped(ctx context.Context, hc *http.Client, endpoint string, form url.Values) error {
	for {
		if err := wait(ctx, 5*time.Second); err != nil {
			return err
		}
		err := tokenMapped(ctx, hc, endpoint, form) // want `POST is retried after a transport error without an idempotency key`
		if err == nil {
			return nil
		}
		var target *oauth.Error
		if !errors.As(err, &target) {
			return err
		}
	}
}

// A *net.OpError is what a transport error is made of: a write that
// failed after the request left may have been applied.
func PollNet(ctx context.Context, hc *http.Client, endpoint string, form url.Values) error {
	for {
		if err := wait(ctx, 5*time.Second); err != nil {
			return err
		}
		err := token(ctx, hc, endpoint, form) // want `POST is retried after a transport error without an idempotency key`
		if err == nil {
			return nil
		}
		var opErr *net.OpError
		if !errors.As(err, &opErr) {
			return err
		}
	}
}

var retrying = &http.Client{Transport: &rt.Transport{Base: http.DefaultTransport}}

// post sends the form through the retrying transport, and passes its
// error on as the client made it.
func post(ctx context.Context, endpoint string, form url.Values) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, endpoint, strings.NewReader(form.Encode()))
	if err != nil {
		return err
	}
	resp, err := retrying.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// An error type of a transport's package is what a transport error is
// made of here: the POST timed out after it may have been written.
func PollTransport(ctx context.Context, endpoint string, form url.Values) error {
	for {
		if err := wait(ctx, 5*time.Second); err != nil {
			return err
		}
		err := post(ctx, endpoint, form) // want `POST is retried after a transport error without an idempotency key`
		if err == nil {
			return nil
		}
		var te *rt.Error
		if !errors.As(err, &te) || !te.Retryable {
			return err
		}
	}
}
