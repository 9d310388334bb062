// Package fetchers implements, in a package of its own, a fetcher that
// makes a timeout of its own for each call.
package fetchers

import (
	"context"
	"net/http"
	"time"
)

// Fetcher fetches one URL.
type Fetcher interface {
	Fetch(ctx context.Context, url string) (*http.Response, error)
}

// Timed gives each fetch ten seconds.
type Timed struct{ C *http.Client }

func (t Timed) Fetch(ctx context.Context, url string) (*http.Response, error) { // want Fetch:"owntimeout\\(10s\\) from param 0"
	ctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		return nil, err
	}
	return t.C.Do(req)
}
