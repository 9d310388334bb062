// Package retryutil is a retry helper of another package whose wait takes
// no context.
package retryutil

import "time"

// Do calls fn up to n times, sleeping delay between calls.
func Do(n int, delay time.Duration, fn func() error) error {
	var err error
	for i := 0; i < n; i++ {
		if err = fn(); err == nil {
			return nil
		}
		if i < n-1 {
			time.Sleep(delay)
		}
	}
	return err
}
