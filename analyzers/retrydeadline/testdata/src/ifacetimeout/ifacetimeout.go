// Package ifacetimeout retries calls of interface methods whose
// implementations make a timeout of their own.
package ifacetimeout

import (
	"context"
	"errors"
	"net/http"
	"time"

	"example.com/fetchers"
)

// Getter is implemented in this package.
type Getter interface {
	Get(ctx context.Context, url string) (*http.Response, error)
}

type timed struct{ c *http.Client }

func (t timed) Get(ctx context.Context, url string) (*http.Response, error) { // want Get:"owntimeout\\(5s\\) from param 0"
	ctx, cancel := context.WithTimeout(ctx, 5*time.Second)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		return nil, err
	}
	return t.c.Do(req)
}

// fake makes no timeout: it does not hide the real one's.
type fake struct{}

func (fake) Get(ctx context.Context, url string) (*http.Response, error) {
	return nil, errors.New("fake")
}

// poll retries until the caller's context ends: each attempt has five
// seconds, nothing bounds them all.
func poll(ctx context.Context, g Getter, url string) (*http.Response, error) {
	for {
		resp, err := g.Get(ctx, url) // want `per-attempt timeout \(made by Get from ctx\) inside retry loop but no overall deadline`
		if err == nil {
			return resp, nil
		}
		select {
		case <-ctx.Done():
			return nil, ctx.Err()
		case <-time.After(time.Second):
		}
	}
}

// pollOther retries a fetcher of another package.
func pollOther(ctx context.Context, f fetchers.Fetcher, url string) (*http.Response, error) {
	for {
		resp, err := f.Fetch(ctx, url) // want `per-attempt timeout \(made by Fetch from ctx\) inside retry loop but no overall deadline`
		if err == nil {
			return resp, nil
		}
		select {
		case <-ctx.Done():
			return nil, ctx.Err()
		case <-time.After(time.Second):
		}
	}
}

// pollBounded gives the whole retry a deadline: silent.
func pollBounded(ctx context.Context, g Getter, url string) (*http.Response, error) {
	ctx, cancel := context.WithTimeout(ctx, time.Minute)
	defer cancel()
	for {
		resp, err := g.Get(ctx, url)
		if err == nil {
			return resp, nil
		}
		select {
		case <-ctx.Done():
			return nil, ctx.Err()
		case <-time.After(time.Second):
		}
	}
}

// Lister's implementations disagree on the timeout: silent.
type Lister interface {
	List(ctx context.Context, url string) (*http.Response, error)
}

type shortList struct{ c *http.Client }

func (s shortList) List(ctx context.Context, url string) (*http.Response, error) { // want List:"owntimeout\\(1s\\) from param 0"
	ctx, cancel := context.WithTimeout(ctx, time.Second)
	defer cancel()
	req, _ := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	return s.c.Do(req)
}

type longList struct{ c *http.Client }

func (s longList) List(ctx context.Context, url string) (*http.Response, error) { // want List:"owntimeout\\(1m0s\\) from param 0"
	ctx, cancel := context.WithTimeout(ctx, time.Minute)
	defer cancel()
	req, _ := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	return s.c.Do(req)
}

func list(ctx context.Context, l Lister, url string) (*http.Response, error) {
	for {
		resp, err := l.List(ctx, url)
		if err == nil {
			return resp, nil
		}
		select {
		case <-ctx.Done():
			return nil, ctx.Err()
		case <-time.After(time.Second):
		}
	}
}

// Plain's implementation makes no timeout: silent.
type Plain interface {
	Head(ctx context.Context, url string) (*http.Response, error)
}

type plain struct{ c *http.Client }

func (p plain) Head(ctx context.Context, url string) (*http.Response, error) {
	req, _ := http.NewRequestWithContext(ctx, http.MethodHead, url, nil)
	return p.c.Do(req)
}

func head(ctx context.Context, p Plain, url string) (*http.Response, error) {
	for {
		resp, err := p.Head(ctx, url)
		if err == nil {
			return resp, nil
		}
		select {
		case <-ctx.Done():
			return nil, ctx.Err()
		case <-time.After(time.Second):
		}
	}
}

var _ = []any{timed{}, fake{}, shortList{}, longList{}, plain{}}
