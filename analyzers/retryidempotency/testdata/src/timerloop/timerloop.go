// Package timerloop retries in the select of a timer the loop arms
// again: the attempt comes after a wait, as the backoff idiom writes it.
package timerloop

import (
	"context"
	"errors"
	"net/http"
	"time"
)

// roundTrip re-sends any request after a 502 or 504; a transport error is
// retried only when the caller's policy says so.
func roundTrip(ctx context.Context, client *http.Client, req *http.Request, policy func(error) bool) (*http.Response, error) {
	timer := time.NewTimer(0)
	defer timer.Stop()
	for attempt := 1; ; attempt++ {
		select {
		case <-ctx.Done():
			return nil, ctx.Err()
		case <-timer.C:
			resp, err := client.Do(req) // want `a request of any method is re-sent after status 502 without a check of its method`
			if err != nil {
				if !policy(err) {
					return nil, err
				}
			} else if resp.StatusCode != http.StatusBadGateway && resp.StatusCode != http.StatusGatewayTimeout {
				return resp, nil
			} else {
				resp.Body.Close()
			}
			if attempt == 5 {
				return nil, errors.New("giving up")
			}
			timer.Reset(time.Duration(attempt) * 100 * time.Millisecond)
		}
	}
}

func dialOnly(err error) bool { return false } // want dialOnly:"predicate\\(transport=false 200=false 201=false 202=false 204=false 500=false 502=false 504=false\\)"

func Send(ctx context.Context, c *http.Client, req *http.Request) (*http.Response, error) { // want Send:"sends\\(param 2\\)" Send:"resends\\(param 2 after status 502\\)"
	return roundTrip(ctx, c, req, dialOnly)
}

// poll asks for the status on every tick, after a success as after a
// failure: a poller, not a retry.
func poll(ctx context.Context, c *http.Client, url string) {
	ticker := time.NewTicker(time.Second)
	defer ticker.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-ticker.C:
			req, err := http.NewRequestWithContext(ctx, http.MethodPost, url, nil)
			if err != nil {
				return
			}
			resp, err := c.Do(req)
			if err == nil {
				resp.Body.Close()
			}
		}
	}
}
