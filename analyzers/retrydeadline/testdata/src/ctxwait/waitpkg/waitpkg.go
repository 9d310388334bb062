// Package waitpkg holds wait functions that take no context.
package waitpkg

import "time"

// Pause sleeps for d.
func Pause(d time.Duration) { // want Pause:"waits\\(param 0\\)"
	time.Sleep(d)
}
