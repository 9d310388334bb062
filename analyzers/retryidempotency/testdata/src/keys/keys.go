// Package keys makes idempotency keys for other packages. // want package:"makes fresh values"
package keys

import (
	"strconv"
	"time"
)

// New returns a new key on every call.
func New() string { // want New:"fresh"
	return "op-" + strconv.FormatInt(time.Now().UnixNano(), 10)
}

// Fixed returns the same key every time.
func Fixed() string { return "op-1" }

// Opaque returns a fresh value as an interface: a key is not made from
// one (only from a string, a number, bytes, an array or a time.Time), so
// it is no fresh source.
func Opaque() any {
	return strconv.FormatInt(time.Now().UnixNano(), 10)
}

// Stamp returns the time of the call.
func Stamp() time.Time { return time.Now() } // want Stamp:"fresh"
