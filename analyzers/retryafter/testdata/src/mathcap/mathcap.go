// Package mathcap caps the server's wait with math.Min, its only use of
// package math: the fix that removes the cap removes the import, and adds
// the one its error needs at the same place.
package mathcap

import (
	"context"
	"math"
	"net/http"
	"strconv"
	"time"
)

func parse(v string) time.Duration {
	if t, err := http.ParseTime(v); err == nil {
		return max(time.Until(t), 0)
	}
	if n, err := strconv.Atoi(v); err == nil && n >= 0 {
		return time.Duration(n) * time.Second
	}
	return time.Second
}

// Logs retries a throttled GET, waiting at most 30 s whatever the server
// asked.
func Logs(ctx context.Context, hc *http.Client, url string) (*http.Response, error) {
	for attempt := 0; attempt < 5; attempt++ {
		req, _ := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
		resp, err := hc.Do(req)
		if err != nil {
			return nil, err
		}
		if resp.StatusCode != http.StatusTooManyRequests {
			return resp, nil
		}
		ra := parse(resp.Header.Get("Retry-After"))
		resp.Body.Close()
		wait := time.Duration(math.Min(float64(ra), float64(30*time.Second))) // want `Retry-After is capped by math.Min`
		select {
		case <-ctx.Done():
			return nil, ctx.Err()
		case <-time.After(wait):
		}
	}
	return nil, nil
}
