// Package erronly retries writes sent by a helper that is handed the
// request and returns only an error, which stands for any outcome.
package erronly

import (
	"bytes"
	"errors"
	"net/http"
	"time"
)

func do(req *http.Request) error {
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	if resp.StatusCode >= 500 {
		return errors.New("server error")
	}
	return nil
}

func newOrder(body []byte) *http.Request {
	req, _ := http.NewRequest(http.MethodPost, "https://api.example/orders", bytes.NewReader(body))
	return req
}

// retried sends the order again after any error: reported.
func retried(body []byte) error {
	var err error
	for range 3 {
		req := newOrder(body)
		if err = do(req); err == nil { // want `POST is retried after a transport error without an idempotency key`
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

// oneLine builds and sends in a function literal written on one line,
// which a retry helper calls again: reported, and the fix writes the
// literal out a statement a line.
func oneLine(body []byte) error {
	return retry(func() error { req := newOrder(body); return do(req) }) // want `POST is retried by retry after a transport error without an idempotency key`
}

func retry(op func() error) error {
	var err error
	for range 3 {
		if err = op(); err == nil {
			return nil
		}
	}
	return err
}

// Silent: an error ends the loop, which sends one order per item.
func each(bodies [][]byte) error {
	for _, b := range bodies {
		req := newOrder(b)
		if err := do(req); err != nil {
			return err
		}
	}
	return nil
}

// An authenticator sets its credential on a request; the token one
// fetches its token with a request of its own.
type authenticator interface {
	Authorize(req *http.Request) error
}

type tokenAuth struct {
	tokenURL string
	token    string
}

func (t *tokenAuth) Authorize(req *http.Request) error { // want Authorize:"write\\(POST\\)"
	if t.token == "" {
		treq, err := http.NewRequest(http.MethodPost, t.tokenURL, nil)
		if err != nil {
			return err
		}
		if err := do(treq); err != nil {
			return err
		}
		t.token = "fetched"
	}
	req.Header.Set("Authorization", "Bearer "+t.token)
	return nil
}

type basicAuth struct{ user, pass string }

func (b *basicAuth) Authorize(req *http.Request) error {
	req.SetBasicAuth(b.user, b.pass)
	return nil
}

// Auth asks the authenticator of each configured type in turn.
type Auth struct {
	types []string
	auths map[string]authenticator
}

// Authorize is silent: each authenticator in turn is asked to authorise
// the request; none sends it.
func (a *Auth) Authorize(req *http.Request) error {
	var err error
	for _, t := range a.types {
		if a.auths[t] != nil {
			err = a.auths[t].Authorize(req)
			if err != nil {
				continue
			}
			break
		}
	}
	return err
}

// branches builds the request in either branch and sends it after them:
// reported, and the fix sets the key after the if, for both branches.
func branches(a, b []byte, x bool) error {
	for range 3 {
		var req *http.Request
		if x {
			req = newOrder(a)
		} else {
			req = newOrder(b)
		}
		resp, err := http.DefaultClient.Do(req) // want `POST is retried after a transport error without an idempotency key`
		if err != nil {
			continue
		}
		return resp.Body.Close()
	}
	return nil
}
