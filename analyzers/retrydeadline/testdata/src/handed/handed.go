// Package handed polls an SDK whose sends go through its own backend
// interface and a backoff it hands each call to.
package handed

import (
	"context"
	"time"

	"handed/sdk"
)

// Mutex is held in the SDK's storage.
type Mutex struct {
	g    *sdk.Group
	name string
	ctx  context.Context
}

// Lock polls until the lock is free.
func (m *Mutex) Lock() error {
	for {
		err := m.g.Operate(m.ctx, m.name, []byte{1})
		if err == nil {
			return nil
		}
		if err != sdk.ErrConflict {
			return err
		}
		time.Sleep(time.Second) // want `time.Sleep in retry loop ignores cancellation of m.ctx`
	}
}

// WaitCached polls what the SDK holds in memory: it sends nothing.
func (m *Mutex) WaitCached() []byte {
	for {
		b, err := m.g.Cached(m.name)
		if err == nil {
			return b
		}
		time.Sleep(time.Second)
	}
}
