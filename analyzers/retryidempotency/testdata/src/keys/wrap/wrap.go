// Package wrap makes keys through package keys only. // want package:"makes fresh values"
//
// It imports no random, clock or UUID package, and its key is still
// fresh, which it learns from the package fact of keys.
package wrap

import "keys"

// Key returns a new key on every call.
func Key() string { // want Key:"fresh"
	return "w-" + keys.New()
}

// Name is no key source: it calls none.
func Name() string { return "w" }
