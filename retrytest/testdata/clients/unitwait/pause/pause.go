// Package pause waits, as an SDK's sleep helper does.
package pause

import "time"

// Seconds sleeps for n seconds.
func Seconds(n int) {
	time.Sleep(time.Duration(n) * time.Second)
}
