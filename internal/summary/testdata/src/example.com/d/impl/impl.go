// Package impl implements the interfaces of iface.
package impl

import "io"

type HTTP struct{}

func (*HTTP) SendIt() error { return nil } // want SendIt:"mark"

// Value has a value receiver.
type Value struct{}

func (Value) SendIt() error { return nil } // want SendIt:"mark"

// Gen is generic: not a candidate.
type Gen[T any] struct{ v T }

func (*Gen[T]) SendIt() error { return nil } // want SendIt:"mark"

// Other has a method of the same name and another signature.
type Other struct{}

func (*Other) SendIt(n int) error { return nil } // want SendIt:"mark"

// Writer implements io.Writer with a fact.
type Writer struct{}

func (*Writer) SendWrite(p []byte) (int, error) { return len(p), nil } // want SendWrite:"mark"

func (w *Writer) Write(p []byte) (int, error) { return w.SendWrite(p) }

var _ io.Writer = (*Writer)(nil)
