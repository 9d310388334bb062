// Package ownresp makes a timeout per attempt and returns the response,
// whose body the caller reads after the function returned.
package ownresp

import (
	"context"
	"net/http"
	"time"
)

// Fetch leaves the attempt's context alive with the response it returns
// (its cancel runs only after a failure): a deadline cancelled on return
// would cut the caller's read, so the fix is a wall-clock budget.
func Fetch(ctx context.Context, c *http.Client, url string) (*http.Response, error) { // want Fetch:`owntimeout\(10s\) from param 0`
	var lastErr error
	for i := 0; i < 3; i++ {
		actx, cancel := context.WithTimeout(ctx, 10*time.Second) // want `per-attempt timeout \(context.WithTimeout\) inside retry loop but no overall deadline`
		req, err := http.NewRequestWithContext(actx, http.MethodGet, url, nil)
		if err != nil {
			cancel()
			return nil, err
		}
		resp, err := c.Do(req)
		if err == nil {
			return resp, nil
		}
		cancel()
		lastErr = err
		select {
		case <-ctx.Done():
			return nil, ctx.Err()
		case <-time.After(time.Second):
		}
	}
	return nil, lastErr
}

// Status cancels the attempt before it returns the response (whose body
// is then cut as written): the fix derives the attempts from an overall
// deadline.
func Status(ctx context.Context, c *http.Client, url string) (*http.Response, error) { // want Status:`owntimeout\(10s\) from param 0`
	var lastErr error
	for i := 0; i < 3; i++ {
		actx, cancel := context.WithTimeout(ctx, 10*time.Second) // want `per-attempt timeout \(context.WithTimeout\) inside retry loop but no overall deadline`
		req, err := http.NewRequestWithContext(actx, http.MethodHead, url, nil)
		if err != nil {
			cancel()
			return nil, err
		}
		resp, err := c.Do(req)
		cancel()
		if err == nil {
			return resp, nil
		}
		lastErr = err
		select {
		case <-ctx.Done():
			return nil, ctx.Err()
		case <-time.After(time.Second):
		}
	}
	return nil, lastErr
}
