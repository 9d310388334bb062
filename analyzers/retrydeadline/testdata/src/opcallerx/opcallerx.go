// Package opcallerx hands operations to a retry helper of another
// package.
package opcallerx

import (
	"context"
	"io"
	"net/http"
	"time"

	"opcaller/retryx"
)

type API struct {
	hc      *http.Client
	base    string
	timeout time.Duration
}

func (a *API) read(ctx context.Context, path string) ([]byte, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, a.base+path, nil)
	if err != nil {
		return nil, err
	}
	resp, err := a.hc.Do(req)
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	return io.ReadAll(resp.Body)
}

// ---- must be reported ----

func (a *API) User(ctx context.Context, id string) ([]byte, error) {
	const attempts = 4
	return retryx.Do(ctx, attempts, func(ctx context.Context) ([]byte, error) {
		actx, cancel := context.WithTimeout(ctx, a.timeout) // want `per-attempt timeout \(context.WithTimeout\) inside an operation retried by Do but no overall deadline`
		defer cancel()
		return a.read(actx, "/users/"+id)
	})
}

// ---- must stay silent ----

// The helper bounds the retry by its budget.
func (a *API) Ping(ctx context.Context) error {
	return retryx.Within(ctx, 30*time.Second, func(ctx context.Context) error {
		actx, cancel := context.WithTimeout(ctx, a.timeout)
		defer cancel()
		_, err := a.read(actx, "/ping")
		return err
	})
}

// The caller bounds the retry before the call.
func (a *API) Team(ctx context.Context, id string) ([]byte, error) { // want Team:"owntimeout\\(1m0s\\) from param 0"
	ctx, cancel := context.WithTimeout(ctx, time.Minute)
	defer cancel()
	return retryx.Do(ctx, 3, func(ctx context.Context) ([]byte, error) {
		actx, cancel := context.WithTimeout(ctx, a.timeout)
		defer cancel()
		return a.read(actx, "/teams/"+id)
	})
}
