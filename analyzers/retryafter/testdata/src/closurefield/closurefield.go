// Package closurefield notes the server's wait in a field from inside the
// operation it hands to a retry helper, and reads the field in the
// back-off that the helper asks for its next wait.
package closurefield

import (
	"context"
	"errors"
	"net/http"
	"strconv"
	"time"
)

type hinted struct {
	hint    time.Duration
	own     time.Duration
	maxWait time.Duration
}

// next caps the server's wait: reported.
func (h *hinted) next() time.Duration { // want next:"retryafter\\(result0=retry-after\\)"
	if h.hint > 0 {
		d := min(h.hint, h.maxWait) // want `Retry-After is capped by min`
		h.hint = 0
		return d
	}
	return time.Second
}

// nextOwn caps the client's own back-off, which no header fills: silent.
func (h *hinted) nextOwn() time.Duration {
	return min(h.own*2, h.maxWait)
}

func retry(ctx context.Context, op func() error, wait func() time.Duration) error {
	var err error
	for range 5 {
		if err = op(); err == nil {
			return nil
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(wait()):
		}
	}
	return err
}

// Fetch stores the server's wait from the operation's closure.
func Fetch(ctx context.Context, c *http.Client, url string) error {
	h := &hinted{maxWait: 30 * time.Second, own: time.Second}
	return retry(ctx, func() error {
		req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
		if err != nil {
			return err
		}
		resp, err := c.Do(req)
		if err != nil {
			return err
		}
		defer resp.Body.Close()
		if resp.StatusCode == http.StatusTooManyRequests {
			v := resp.Header.Get("Retry-After")
			if secs, err := strconv.Atoi(v); err == nil && secs >= 0 {
				h.hint = time.Duration(secs) * time.Second
			} else if t, err := http.ParseTime(v); err == nil {
				h.hint = time.Until(t)
			}
			h.own *= 2
			return errors.New("throttled")
		}
		return nil
	}, h.next)
}
