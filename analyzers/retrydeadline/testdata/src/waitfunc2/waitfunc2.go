// Package waitfunc2 uses its wait package for one wait only: the fix
// drops the import with the call.
package waitfunc2

import (
	"context"
	"errors"
	"net/http"
	"time"

	"waitlib"
)

func fetch(ctx context.Context, c *http.Client, url string) error {
	for i := 0; i < 3; i++ {
		req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
		if err != nil {
			return err
		}
		resp, err := c.Do(req)
		if err == nil {
			return resp.Body.Close()
		}
		waitlib.Sleep(time.Second) // want `Sleep, which waits with time.Sleep, in retry loop ignores cancellation of ctx`
	}
	return errors.New("gave up")
}
