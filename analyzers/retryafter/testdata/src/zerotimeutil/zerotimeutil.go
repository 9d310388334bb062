// Package zerotimeutil keeps a rate limit's reset in a struct field, and
// waits until a time, for another package.
package zerotimeutil

import (
	"context"
	"errors"
	"net/http"
	"strconv"
	"time"
)

// Timestamp wraps a time.
type Timestamp struct{ time.Time }

// Rate is the rate limit the server reported; Reset stays zero when the
// header is missing or malformed.
type Rate struct {
	Remaining int
	Reset     Timestamp // want Reset:`waitfield\(header unset\)`
}

// ParseRate reads the rate limit headers.
func ParseRate(resp *http.Response) Rate {
	var r Rate
	if v := resp.Header.Get("X-RateLimit-Reset"); v != "" {
		if n, err := strconv.ParseInt(v, 10, 64); err == nil && n > 0 {
			r.Reset = Timestamp{time.Unix(n, 0)}
		}
	}
	return r
}

// SleepUntil waits until a second past t, or until ctx is done.
func SleepUntil(ctx context.Context, t time.Time) error { // want SleepUntil:`retryafter\(until=p1\)`
	timer := time.NewTimer(time.Until(t) + time.Second)
	defer timer.Stop()
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-timer.C:
		return nil
	}
}

// SleepUntilKnown refuses to wait until the zero time.
func SleepUntilKnown(ctx context.Context, t time.Time) error {
	if t.IsZero() {
		return errors.New("reset time unknown")
	}
	return SleepUntil(ctx, t)
}
