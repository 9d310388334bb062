// Package fake implements the transport interfaces in memory.
package fake

import "context"

// Mem keeps values in a map.
type Mem struct{ M map[string]any }

func (m *Mem) Put(ctx context.Context, key string, v any) error { m.M[key] = v; return nil }

func (m *Mem) Call(ctx context.Context, method, path string, in, out any) error { return nil }
