// Package restyctx: a request sent through a retrying resty client runs
// its attempts and waits on the request's context, Background unless
// SetContext hands it one.
package restyctx

import (
	"context"
	"net/http"

	restyv2 "github.com/go-resty/resty/v2"
	"resty.dev/v3"
)

type Store struct {
	c *resty.Client
}

func NewStore() *Store {
	return &Store{c: resty.New().SetRetryCount(3)}
}

func (s *Store) Put(ctx context.Context, v string) error {
	_, err := s.c.R().SetBody(v).Put("https://api.example.com/items/1") // want `request is sent through a retrying resty client without SetContext\(ctx\)`
	return err
}

func handler(w http.ResponseWriter, r *http.Request) {
	c := resty.New().SetRetryCount(2)
	if _, err := c.R().Get("https://api.example.com/items"); err != nil { // want `without SetContext\(r.Context\(\)\)`
		w.WriteHeader(http.StatusBadGateway)
	}
}

func v2(ctx context.Context) error {
	c := restyv2.New().SetRetryCount(2)
	_, err := c.R().Get("https://api.example.com/items") // want `without SetContext\(ctx\)`
	return err
}

// ---- must stay silent ----

func (s *Store) PutCtx(ctx context.Context, v string) error {
	_, err := s.c.R().SetContext(ctx).SetBody(v).Put("https://api.example.com/items/1")
	return err
}

// v3 sends a POST once without SetRetryAllowNonIdempotent: no waits.
func (s *Store) Post(ctx context.Context, v string) error {
	_, err := s.c.R().SetBody(v).Post("https://api.example.com/items")
	return err
}

func noRetry(ctx context.Context) error {
	_, err := resty.New().R().Get("https://api.example.com/items")
	return err
}

// No context at hand.
func (s *Store) Get() error {
	_, err := s.c.R().Get("https://api.example.com/items")
	return err
}
