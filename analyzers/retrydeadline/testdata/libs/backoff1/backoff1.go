package backoff1

import (
	"net/http"

	"github.com/cenkalti/backoff"
)

// do: the module-less path of cenkalti/backoff has the model of v4.
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
