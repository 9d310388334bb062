// Package masklib: masking helpers that other packages call (their
// facts cross the package boundary), and look-alikes that mask nothing.
package masklib

import (
	"fmt"
	"strings"
)

// HideKey keeps the first eight characters of a key.
func HideKey(k string) string {
	switch {
	case len(k) == 0:
		return ""
	case len(k) > 8:
		return k[0:8] + "-xxxx-xxxx-xxxx-xxxxxxxxxxxx"
	default:
		return "xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx"
	}
}

// Stars hides a value whole, keeping its length.
func Stars(v string) string { return strings.Repeat("*", len(v)) }

// Tail shows the last four characters.
func Tail(v string) string {
	if len(v) < 12 {
		return "[REDACTED]"
	}
	return fmt.Sprintf("****%s", v[len(v)-4:])
}

// Short returns a prefix of the secret and no marker: a prefix is no mask.
func Short(v string) string {
	if len(v) > 8 {
		return v[:8]
	}
	return v
}

// Weak masks long values and returns short ones whole.
func Weak(v string) string {
	if len(v) < 4 {
		return v
	}
	return v[:4] + "****"
}
