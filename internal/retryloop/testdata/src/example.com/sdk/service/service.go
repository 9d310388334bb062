package service // want package:"sends"

// Package service calls through interfaces declared in one package and
// implemented in another: a call sends when an implementation its
// dependencies show sends.

import (
	"context"
	"net/http"
	"time"

	"example.com/sdk/client"
	"example.com/sdk/fake"
	"example.com/sdk/transport"
)

type Svc struct {
	be  transport.Backend
	api transport.API
	st  transport.Store
	rt  transport.Retryer
	ls  transport.Lister
	own caller
}

// caller is declared where it is used; client.HTTPBackend implements it.
type caller interface {
	Call(ctx context.Context, method, path string, in, out any) error // want Call:"sends"
}

func New() *Svc {
	b := &client.HTTPBackend{HC: http.DefaultClient}
	return &Svc{be: b, api: b, st: &fake.Mem{}, rt: client.Backoff{Max: 3}, ls: b, own: b}
}

func (s *Svc) Create(ctx context.Context, in any) error { // want Create:"sends"
	var err error
	for i := 0; i < 3; i++ {
		if err = s.be.Call(ctx, http.MethodPost, "/orders", in, nil); err == nil {
			return nil
		}
	}
	return err
}

// Embedded: API embeds Backend.
func (s *Svc) Update(ctx context.Context, in any) error { // want Update:"sends"
	for {
		if err := s.api.Call(ctx, http.MethodPatch, "/orders/1", in, nil); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
}

// Own: an interface of this package, a type of another.
func (s *Svc) Own(ctx context.Context) error { // want Own:"sends"
	return s.own.Call(ctx, http.MethodGet, "/x", nil, nil)
}

// Generic: the constraint's method.
func Do[B transport.Backend](ctx context.Context, b B) error { // want Do:"sends"
	var err error
	for i := 0; i < 3; i++ {
		if err = b.Call(ctx, http.MethodGet, "/x", nil, nil); err == nil {
			return nil
		}
	}
	return err
}

// Handed: the operation handed to a Retryer runs as part of the call.
func (s *Svc) Handed(ctx context.Context) error { // want Handed:"sends"
	return s.rt.Retry(ctx, func() error {
		return s.be.Call(ctx, http.MethodGet, "/x", nil, nil)
	})
}

// ---- silent ----

// Store: only a fake implements it.
func (s *Svc) Keep(ctx context.Context) error {
	var err error
	for i := 0; i < 3; i++ {
		if err = s.st.Put(ctx, "k", 1); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

// Items: one request per item.
func (s *Svc) Items(ctx context.Context, items []any) error { // want Items:"sends"
	for _, it := range items {
		if err := s.be.Call(ctx, http.MethodPost, "/orders", it, nil); err != nil {
			return err
		}
	}
	return nil
}

// All: a page at a time.
func (s *Svc) All(ctx context.Context) ([]string, error) { // want All:"sends"
	var all []string
	page := 0
	for {
		items, next, err := s.ls.List(ctx, page)
		if err != nil {
			return nil, err
		}
		all = append(all, items...)
		if next == 0 {
			return all, nil
		}
		page = next
	}
}

// logged embeds a backend of another package: its promoted Call sends
// for the interface of this package it implements.
type logged struct {
	*client.HTTPBackend
	name string
}

type namedCaller interface {
	Call(ctx context.Context, method, path string, in, out any) error // want Call:"sends"
	Name() string
}

func (l *logged) Name() string { return l.name }

// ViaEmbedded calls through an interface that only logged implements.
func ViaEmbedded(ctx context.Context, c namedCaller) error { // want ViaEmbedded:"sends"
	return c.Call(ctx, http.MethodGet, "/x", nil, nil)
}
