// Package keys makes idempotency keys for other packages.
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
