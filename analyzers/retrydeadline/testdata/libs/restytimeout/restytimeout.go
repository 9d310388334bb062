// Package restytimeout: SetTimeout on a retrying resty client bounds each
// attempt (v2: the http.Client's Timeout; v3: a context.WithTimeout per
// attempt), not the call: without a deadline on the request's context
// the attempts and the waits between them have no overall bound.
package restytimeout

import (
	"context"
	"net/http"
	"os"
	"time"

	restyv2 "github.com/go-resty/resty/v2"
	"resty.dev/v3"
)

type API struct {
	c *restyv2.Client
}

func NewAPI() *API {
	return &API{c: restyv2.New().SetRetryCount(3).SetTimeout(5 * time.Second)}
}

func (a *API) Item(id string) (string, error) {
	resp, err := a.c.R().Get("https://api.example.com/items/" + id) // want `request is sent through a retrying resty client whose SetTimeout bounds each attempt, not the call`
	if err != nil {
		return "", err
	}
	return resp.String(), nil
}

// The timeout comes from the environment: the bound is read from the
// client.
func fromEnv() error {
	d, _ := time.ParseDuration(os.Getenv("TIMEOUT"))
	c := restyv2.New().SetRetryCount(2).SetTimeout(d)
	_, err := c.R().SetBody("x").Put("https://api.example.com/items/1") // want `whose SetTimeout bounds each attempt`
	return err
}

type Store struct {
	c *resty.Client
}

func NewStore() *Store {
	c := resty.New()
	c.SetRetryCount(2)
	c.SetTimeout(2 * time.Second)
	return &Store{c: c}
}

func (s *Store) Delete(id string) error {
	if _, err := s.c.R().Delete("https://api.example.com/items/" + id); err != nil { // want `whose SetTimeout bounds each attempt`
		return err
	}
	return nil
}

// With the caller's context at hand, v3 would drop SetTimeout for it if
// it had a deadline (a hung attempt would then run to that deadline and
// never be retried): the fix hands the request the caller's context
// without its deadline, through a type declared once per package.
func (s *Store) Fetch(ctx context.Context, id string) error {
	_, err := s.c.R().Get("https://api.example.com/items/" + id) // want `without SetContext\(ctx\)`
	return err
}

func (s *Store) Replace(r *http.Request, id string) error {
	_, err := s.c.R().SetBody("x").Put("https://api.example.com/items/" + id) // want `without SetContext\(r.Context\(\)\)`
	return err
}

// ---- must stay silent ----

// A deadline made by the function bounds the call.
func (a *API) ItemWithin(id string) error { // want ItemWithin:`owntimeout\(30s\)`
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	_, err := a.c.R().SetContext(ctx).Get("https://api.example.com/items/" + id)
	return err
}

// The caller's context: its deadline is the caller's.
func (a *API) ItemCtx(ctx context.Context, id string) error {
	_, err := a.c.R().SetContext(ctx).Get("https://api.example.com/items/" + id)
	return err
}

// No retries: the Timeout bounds the only attempt.
func once() error {
	c := restyv2.New().SetTimeout(5 * time.Second)
	_, err := c.R().Get("https://api.example.com/items")
	return err
}

// No timeout.
func noTimeout() error {
	c := restyv2.New().SetRetryCount(3)
	_, err := c.R().Get("https://api.example.com/items")
	return err
}

// SetTimeout(0): no per-attempt timeout.
func zero() error {
	c := resty.New().SetRetryCount(3).SetTimeout(0)
	_, err := c.R().Get("https://api.example.com/items")
	return err
}

// v3 sends a POST once without SetRetryAllowNonIdempotent.
func (s *Store) Create(body string) error {
	_, err := s.c.R().SetBody(body).Post("https://api.example.com/items")
	return err
}

// With the caller's context at hand the finding is the missing
// SetContext(ctx), not this one.
func (s *Store) Get(r *http.Request) error {
	_, err := s.c.R().Get("https://api.example.com/items") // want `without SetContext\(r.Context\(\)\)`
	return err
}

// A send in a loop (one request per item): the fix's defer would pile up
// per iteration, so it is not judged.
func (a *API) Items(ids []string) error {
	for _, id := range ids {
		if _, err := a.c.R().Get("https://api.example.com/items/" + id); err != nil {
			return err
		}
	}
	return nil
}

// sharedLine sends in a one-line closure: the fix's lines have no place
// of their own before the send, so it is not reported (lines inserted
// before the closure's line would land outside it).
func (a *API) sharedLine(id string) error {
	return run(func() error { _, err := a.c.R().Get("https://api.example.com/items/" + id); return err })
}

func run(f func() error) error { return f() }
