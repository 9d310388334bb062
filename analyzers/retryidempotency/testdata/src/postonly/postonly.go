// Package postonly holds senders that re-send a request after a 502 or
// 504 unless a comparison of its method stops them: stopping POST alone
// lets a PATCH be applied twice.
package postonly

import (
	"context"
	"log"
	"net/http"
	"time"
)

func wait(ctx context.Context) error {
	t := time.NewTimer(100 * time.Millisecond)
	defer t.Stop()
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-t.C:
		return nil
	}
}

// ---- must flag ----

// postOnly stops a POST; a PATCH answered 502 is sent again.
func postOnly(ctx context.Context, hc *http.Client, req *http.Request) (*http.Response, error) {
	for n := 1; ; n++ {
		resp, err := hc.Do(req.Clone(ctx)) // want `a request of any method is re-sent after status 502`
		if err != nil {
			return nil, err
		}
		switch resp.StatusCode {
		case http.StatusBadGateway, http.StatusGatewayTimeout:
			if req.Method == http.MethodPost {
				return resp, nil
			}
		default:
			return resp, nil
		}
		if n >= 3 {
			return resp, nil
		}
		resp.Body.Close()
		if err := wait(ctx); err != nil {
			return nil, err
		}
	}
}

// loggedPatch also compares with PATCH, to log it: only the POST stops.
func loggedPatch(ctx context.Context, hc *http.Client, req *http.Request) (*http.Response, error) {
	if req.Method == http.MethodPatch {
		log.Println("patching", req.URL)
	}
	for n := 1; ; n++ {
		resp, err := hc.Do(req.Clone(ctx)) // want `a request of any method is re-sent after status 502`
		if err != nil {
			return nil, err
		}
		if resp.StatusCode != http.StatusBadGateway || n >= 3 {
			return resp, nil
		}
		if req.Method == http.MethodPost {
			return resp, nil
		}
		resp.Body.Close()
		if err := wait(ctx); err != nil {
			return nil, err
		}
	}
}

// timed returns how long the last attempt took beside the answer; its
// 500 branch lets GET alone retry, its 502 branch stops POST alone: a
// PATCH answered 502 is sent again (the outcome named is the 502).
func timed(ctx context.Context, hc *http.Client, req *http.Request) (*http.Response, time.Duration, error) {
	var resp *http.Response
	var took time.Duration
	var err error
	for n := 1; ; n++ {
		start := time.Now()
		resp, err = hc.Do(req.Clone(ctx)) // want `a request of any method is re-sent after status 502`
		took = time.Since(start)
		if err != nil {
			return resp, took, err
		}
		switch resp.StatusCode {
		case http.StatusInternalServerError:
			if req.Method != http.MethodGet {
				return resp, took, err
			}
		case http.StatusBadGateway, http.StatusGatewayTimeout:
			if req.Method == http.MethodPost {
				return resp, took, err
			}
		default:
			return resp, took, err
		}
		if n >= 3 {
			break
		}
		resp.Body.Close()
		if err := wait(ctx); err != nil {
			return nil, took, err
		}
	}
	return resp, took, err
}

// ---- must stay silent ----

// writes stops both writes.
func writes(ctx context.Context, hc *http.Client, req *http.Request) (*http.Response, error) {
	for n := 1; ; n++ {
		resp, err := hc.Do(req.Clone(ctx))
		if err != nil {
			return nil, err
		}
		if resp.StatusCode != http.StatusBadGateway || n >= 3 {
			return resp, nil
		}
		if req.Method == http.MethodPost || req.Method == http.MethodPatch {
			return resp, nil
		}
		resp.Body.Close()
		if err := wait(ctx); err != nil {
			return nil, err
		}
	}
}

// getOnly re-sends a GET alone.
func getOnly(ctx context.Context, hc *http.Client, req *http.Request) (*http.Response, error) {
	for n := 1; ; n++ {
		resp, err := hc.Do(req.Clone(ctx))
		if err != nil {
			return nil, err
		}
		if resp.StatusCode != http.StatusBadGateway || n >= 3 || req.Method != http.MethodGet {
			return resp, nil
		}
		resp.Body.Close()
		if err := wait(ctx); err != nil {
			return nil, err
		}
	}
}

// timedGetOnly is timed with every retried status kept to GET.
func timedGetOnly(ctx context.Context, hc *http.Client, req *http.Request) (*http.Response, time.Duration, error) {
	var resp *http.Response
	var took time.Duration
	var err error
	for n := 1; ; n++ {
		start := time.Now()
		resp, err = hc.Do(req.Clone(ctx))
		took = time.Since(start)
		if err != nil {
			return resp, took, err
		}
		switch resp.StatusCode {
		case http.StatusInternalServerError, http.StatusBadGateway, http.StatusGatewayTimeout:
			if req.Method != http.MethodGet {
				return resp, took, err
			}
		default:
			return resp, took, err
		}
		if n >= 3 {
			break
		}
		resp.Body.Close()
		if err := wait(ctx); err != nil {
			return nil, took, err
		}
	}
	return resp, took, err
}
