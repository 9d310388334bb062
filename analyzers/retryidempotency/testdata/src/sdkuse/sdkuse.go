// Package sdkuse retries the calls of an SDK without importing net/http
// itself.
package sdkuse

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"time"

	"sdkuse/orders"
)

func newKey() string {
	b := make([]byte, 16)
	rand.Read(b)
	return hex.EncodeToString(b)
}

// place hands the SDK a new key on every attempt: the server cannot tell
// the attempts apart.
func place(ctx context.Context, body string) error {
	var err error
	for attempt := 0; attempt < 3; attempt++ {
		if err = orders.Create(ctx, body, newKey()); err == nil { // want `POST is retried after a transport error with an idempotency key made anew for each attempt`
			return nil
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(time.Second):
		}
	}
	return err
}

// placeVar makes the key in the loop, then hands it over.
func placeVar(ctx context.Context, body string) error {
	for attempt := 0; ; attempt++ {
		key := newKey()
		err := orders.Create(ctx, body, key) // want `POST is retried after a transport error with an idempotency key made anew for each attempt`
		if err == nil || attempt == 2 {
			return err
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(time.Second):
		}
	}
}

// placeOnce makes one key for every attempt.
func placeOnce(ctx context.Context, body string) error {
	key := newKey()
	var err error
	for attempt := 0; attempt < 3; attempt++ {
		if err = orders.Create(ctx, body, key); err == nil {
			return nil
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(time.Second):
		}
	}
	return err
}

// placeEach places one order per item, each with its own key: iteration,
// not a retry.
func placeEach(ctx context.Context, bodies []string) error {
	for _, body := range bodies {
		if err := orders.Create(ctx, body, newKey()); err != nil {
			return err
		}
	}
	return nil
}

// lookup retries a read.
func lookup(ctx context.Context, id string) error {
	var err error
	for attempt := 0; attempt < 3; attempt++ {
		if err = orders.Lookup(ctx, id); err == nil {
			return nil
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(time.Second):
		}
	}
	return err
}
