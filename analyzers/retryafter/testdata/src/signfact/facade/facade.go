// Package facade exports the throttle error of another package, as an
// SDK's public package wraps its internal one.
package facade

import (
	"time"

	"signfact/throttle"
)

// Floor forwards to throttle.Floor.
func Floor(err error, delay time.Duration) error { // want Floor:`signs\(p1\)`
	return throttle.Floor(err, delay)
}
