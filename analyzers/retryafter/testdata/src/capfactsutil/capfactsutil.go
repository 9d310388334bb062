// Package capfactsutil bounds durations.
package capfactsutil

import "time"

// Clamp returns d within [lo, hi].
func Clamp(d, lo, hi time.Duration) time.Duration {
	if d < lo {
		return lo
	}
	if d > hi {
		return hi
	}
	return d
}

// AtLeast returns d, or lo when d is shorter.
func AtLeast(d, lo time.Duration) time.Duration {
	if d < lo {
		return lo
	}
	return d
}
