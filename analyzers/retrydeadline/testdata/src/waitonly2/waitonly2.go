// Package waitonly2 waits on its overall deadline through a wait of
// another package.
package waitonly2

import (
	"context"
	"net/http"
	"time"

	"waitonlylib"
)

// ---- must flag ----

func get(hc *http.Client, req *http.Request, budget time.Duration) (*http.Response, error) {
	ctx, cancel := context.WithTimeout(req.Context(), budget)
	defer cancel()
	for attempt := 0; ; attempt++ {
		resp, err := hc.Do(req) // want `request sent in retry loop does not carry ctx`
		if err == nil && resp.StatusCode < 500 {
			return resp, nil
		}
		if err == nil {
			resp.Body.Close()
		}
		if attempt == 3 {
			return nil, err
		}
		if err := waitonlylib.Delay(ctx, time.Second); err != nil {
			return nil, err
		}
	}
}

// ---- must stay silent ----

// The deadline is handed to a function that may send with it.
func getHanded(hc *http.Client, req *http.Request, budget time.Duration) error {
	ctx, cancel := context.WithTimeout(req.Context(), budget)
	defer cancel()
	for attempt := 0; ; attempt++ {
		resp, err := hc.Do(req)
		if err == nil {
			resp.Body.Close()
			return nil
		}
		if attempt == 3 {
			return err
		}
		if err := waitonlylib.Send(ctx, func(context.Context) error { return nil }); err != nil {
			return err
		}
		if err := waitonlylib.Delay(ctx, time.Second); err != nil {
			return err
		}
	}
}
