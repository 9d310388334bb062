// Package viahelper hands the writes of an API client it does not own
// to retry helpers of its own, which call them again after any error.
package viahelper

import (
	"context"
	"crypto/rand"
	"time"

	"viahelper/orders"
	"viahelper/retry"
)

// withBackoff calls f until it succeeds or ctx is done.
func withBackoff(ctx context.Context, f func() error) error {
	for {
		err := f()
		if err == nil {
			return nil
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(time.Second):
		}
	}
}

// place posts again after a transport error: the order may be placed
// twice.
func place(ctx context.Context, api *orders.Client, item string) (string, error) {
	var id string
	if err := withBackoff(ctx, func() error {
		got, err := api.Create(ctx, item) // want `POST is retried by withBackoff after a transport error without an idempotency key \(Create of orders sends it, and takes no key\)`
		if err != nil {
			return err
		}
		id = got
		return nil
	}); err != nil {
		return "", err
	}
	return id, nil
}

// placeHeld holds the literal in a variable that it uses once, to hand
// it to the helper: the same retry as a literal written in the call.
func placeHeld(ctx context.Context, api *orders.Client, item string) error {
	f := func() error {
		_, err := api.Create(ctx, item) // want `POST is retried by withBackoff after a transport error without an idempotency key \(Create of orders sends it, and takes no key\)`
		return err
	}
	return withBackoff(ctx, f)
}

// Not reported: the literal, held in a variable, is also called on its
// own, where an error it kept would be dropped (no fix).
func placeHeldTwice(ctx context.Context, api *orders.Client, item string) error {
	f := func() error {
		_, err := api.Create(ctx, item)
		return err
	}
	if err := f(); err == nil {
		return nil
	}
	return withBackoff(ctx, f)
}

// Not reported: the caller drops the helper's error, its own choice.
func placeBlind(ctx context.Context, api *orders.Client, item string) {
	_ = withBackoff(ctx, func() error {
		_, err := api.Create(ctx, item)
		return err
	})
}

// placeAll hands the literal in place, to a helper of another package,
// and returns what the helper returns.
func placeAll(ctx context.Context, api *orders.Client, items []string) error {
	for _, item := range items {
		err := retry.Do(ctx, func() error {
			_, err := api.Create(ctx, item) // want `POST is retried by Do after a transport error without an idempotency key \(Create of orders sends it, and takes no key\)`
			return err
		})
		if err != nil {
			return err
		}
	}
	return nil
}

// placeOne returns the helper's error.
func placeOne(ctx context.Context, api *orders.Client, item string) error {
	return withBackoff(ctx, func() error {
		_, err := api.Create(ctx, item) // want `POST is retried by withBackoff after a transport error without an idempotency key \(Create of orders sends it, and takes no key\)`
		return err
	})
}

// Must stay silent: a read.
func read(ctx context.Context, api *orders.Client, id string) error {
	return withBackoff(ctx, func() error { return api.Get(ctx, id) })
}

type tokenKey struct{}

// run gives each operation a token of its own, made once and handed to
// every attempt, which the server deduplicates by.
func run(ctx context.Context, call func(ctx context.Context) error) error {
	token := rand.Text()
	for {
		err := call(context.WithValue(ctx, tokenKey{}, token))
		if err == nil {
			return nil
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(time.Second):
		}
	}
}

// Must stay silent: run's token is the operation's (its fact does not
// say how the client sends it, so nothing is reported).
func placeTokened(ctx context.Context, api *orders.Client, item string) error {
	err := run(ctx, func(ctx context.Context) error {
		_, err := api.Create(ctx, item)
		return err
	})
	return err
}

// Must stay silent: a token request is no write.
func login(ctx context.Context, api *orders.Client) (string, error) {
	var tok string
	err := withBackoff(ctx, func() error {
		t, err := api.Token(ctx, "id", "secret")
		if err != nil {
			return err
		}
		tok = t
		return nil
	})
	return tok, err
}

// Not reported: the literal, held in a variable made before a loop, is
// handed to the helper on every iteration, where one iteration's kept
// error would reach the next (no fix).
func placeEach(ctx context.Context, api *orders.Client, items []string) int {
	var item string
	place := func() error {
		_, err := api.Create(ctx, item)
		return err
	}
	failed := 0
	for _, item = range items {
		if err := withBackoff(ctx, place); err != nil {
			failed++
		}
	}
	return failed
}
