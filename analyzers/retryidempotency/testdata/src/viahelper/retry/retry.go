// Package retry is a project's own retry helper, in a package of its
// own.
package retry

import (
	"context"
	"time"
)

// Do calls op until it succeeds, waiting a second between attempts.
func Do(ctx context.Context, op func() error) error {
	for {
		err := op()
		if err == nil {
			return nil
		}
		select {
		case <-ctx.Done():
			return err
		case <-time.After(time.Second):
		}
	}
}
