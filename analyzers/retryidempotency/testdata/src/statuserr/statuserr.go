// Package statuserr retries on the status carried by an error that a
// helper makes of the response (err := checkResponse(resp);
// errors.As(err, &he); he.StatusCode): that status is the response's.
package statuserr

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"time"
)

// HTTPError is an answer other than 2xx.
type HTTPError struct {
	StatusCode int
	Err        error
}

func (e HTTPError) Error() string { return e.Err.Error() }

func checkResponse(resp *http.Response) error {
	if resp.StatusCode >= 200 && resp.StatusCode < 300 {
		return nil
	}
	return HTTPError{StatusCode: resp.StatusCode, Err: fmt.Errorf("status %s", resp.Status)}
}

// onlyThrottled re-sends the caller's request after a 429 only: the
// server did not process it.
func onlyThrottled(ctx context.Context, c *http.Client, req *http.Request) (*http.Response, error) {
	for {
		resp, err := c.Do(req.WithContext(ctx))
		if err != nil {
			return nil, err
		}
		if err := checkResponse(resp); err != nil {
			var he HTTPError
			if errors.As(err, &he) && he.StatusCode == http.StatusTooManyRequests {
				resp.Body.Close()
				time.Sleep(time.Second)
				continue
			}
			return nil, err
		}
		return resp, nil
	}
}

// serverErrors re-sends it after any 5xx, which may come after the
// request was applied.
func serverErrors(ctx context.Context, c *http.Client, req *http.Request) (*http.Response, error) {
	for try := 0; ; try++ {
		resp, err := c.Do(req.WithContext(ctx)) // want `a request of any method is re-sent after status 500`
		if err != nil {
			return nil, err
		}
		if err := checkResponse(resp); err != nil {
			var he HTTPError
			if errors.As(err, &he) && he.StatusCode >= 500 && try < 3 {
				resp.Body.Close()
				continue
			}
			return nil, err
		}
		return resp, nil
	}
}
