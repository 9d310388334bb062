package svc

import (
	"context"
	"net/http"

	"example.com/iface/transport"
)

// Push hands an operation that uses ctx to a Backoff whose real
// implementation (client.Blind) sleeps with no context.
func Push(ctx context.Context, bo transport.Backoff, be transport.Backend) error {
	return bo.Do(func() error { // want `retry helper bo.Do waits between attempts with no context \(time.Sleep in Do\), while the operation handed to it uses ctx`
		return be.Call(ctx, http.MethodPut, "/x", nil, nil)
	})
}

// PushAll hands an operation that uses no context of the caller's.
func PushAll(bo transport.Backoff, be transport.Backend) error {
	return bo.Do(func() error {
		return be.Call(context.Background(), http.MethodPut, "/x", nil, nil)
	})
}
