// Package restyctor sends through resty clients that package api makes:
// a SetTimeout the constructor made bounds each attempt, not the call.
package restyctor

import (
	"context"
	"time"

	restyv2 "github.com/go-resty/resty/v2"
	"resty.dev/v3"

	"libs/restyctor/api"
)

type API struct {
	c *restyv2.Client
}

func NewAPI() *API {
	return &API{c: api.Items()}
}

func (a *API) Item(id string) (string, error) {
	resp, err := a.c.R().Get("https://api.example.com/items/" + id) // want `request is sent through a retrying resty client whose SetTimeout bounds each attempt, not the call`
	if err != nil {
		return "", err
	}
	return resp.String(), nil
}

// The constructor's timeout is not a constant: the bound is read from
// the client.
func envItem() error {
	c := api.FromEnv()
	_, err := c.R().Get("https://api.example.com/items/1") // want `whose SetTimeout bounds each attempt`
	return err
}

type Store struct {
	c *resty.Client
}

func NewStore() *Store {
	return &Store{c: api.Store()}
}

func (s *Store) Delete(id string) error {
	_, err := s.c.R().Delete("https://api.example.com/items/" + id) // want `whose SetTimeout bounds each attempt`
	return err
}

// v3 with the caller's context at hand: the constructor's SetTimeout is
// kept by handing the request the context without its deadline.
func (s *Store) Fetch(ctx context.Context, id string) error {
	_, err := s.c.R().Get("https://api.example.com/items/" + id) // want `without SetContext\(ctx\)`
	return err
}

// ---- must stay silent ----

// No timeout.
func untimed() error {
	_, err := api.Untimed().R().Get("https://api.example.com/items")
	return err
}

// No retries.
func single() error {
	_, err := api.Single().R().Get("https://api.example.com/items")
	return err
}

// The caller takes the constructor's timeout off.
func override() error {
	_, err := api.Items().SetTimeout(0).R().Get("https://api.example.com/items")
	return err
}

// A constructor that returns one of two clients is none.
func either() error {
	_, err := api.Either(false).R().Get("https://api.example.com/items")
	return err
}

// A deadline made by the function bounds the call.
func (a *API) ItemWithin(id string) error { // want ItemWithin:`owntimeout\(30s\)`
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	_, err := a.c.R().SetContext(ctx).Get("https://api.example.com/items/" + id)
	return err
}
