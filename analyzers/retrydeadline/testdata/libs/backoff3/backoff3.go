package backoff3

import (
	"context"
	"net/http"
	"time"

	"github.com/cenkalti/backoff/v3"
)

// do: cenkalti/backoff v3 has the model of v4.
func do(req *http.Request) error {
	op := func() error {
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			return err
		}
		return resp.Body.Close()
	}
	return backoff.Retry(op, backoff.NewExponentialBackOff()) // want `backoff.Retry waits on a BackOff not wrapped in backoff.WithContext`
}

// forever: a per-attempt timeout with MaxElapsedTime 0, a back-off that
// never stops.
func forever(url string) error {
	b := backoff.NewExponentialBackOff()
	b.MaxElapsedTime = 0
	return backoff.Retry(func() error { // want `per-attempt timeout inside backoff.Retry, whose BackOff never stops`
		actx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		req, err := http.NewRequestWithContext(actx, http.MethodGet, url, nil)
		if err != nil {
			return err
		}
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			return err
		}
		return resp.Body.Close()
	}, b)
}

// ---- must stay silent ----

func withContext(req *http.Request) error {
	op := func() error {
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			return err
		}
		return resp.Body.Close()
	}
	return backoff.Retry(op, backoff.WithContext(backoff.NewExponentialBackOff(), req.Context()))
}

func bounded(ctx context.Context, url string) error {
	b := backoff.NewExponentialBackOff()
	b.MaxElapsedTime = time.Minute
	return backoff.Retry(func() error {
		actx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		req, err := http.NewRequestWithContext(actx, http.MethodGet, url, nil)
		if err != nil {
			return err
		}
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			return err
		}
		return resp.Body.Close()
	}, backoff.WithContext(b, ctx))
}
