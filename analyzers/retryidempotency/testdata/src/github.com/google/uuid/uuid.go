// Package uuid is a stub of github.com/google/uuid for tests.
package uuid

type UUID [16]byte

func New() UUID { return UUID{} }

func NewString() string { return "" }

func (u UUID) String() string { return "" }
