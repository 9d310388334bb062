// Package restyv3 is resty.dev/v3, which takes the Retry-After of a 429
// or 503 in full, before the max wait and any delay strategy
// (retry.go:153-160): nothing here shortens the server's wait.
package restyv3

import (
	"time"

	"resty.dev/v3"
)

// ---- must stay silent ----

func capped() *resty.Client {
	return resty.New().
		SetRetryCount(3).
		SetRetryMaxWaitTime(time.Second).
		AddRetryConditions(resty.RetryConditionStatusTooManyRequests)
}

// A delay strategy is asked only when the library found no Retry-After
// to honour.
func strategy() *resty.Client {
	return resty.New().
		SetRetryCount(3).
		AddRetryConditions(resty.RetryConditionStatusTooManyRequests).
		SetRetryDelayStrategy(func(res *resty.Response, err error) (time.Duration, error) {
			return 500 * time.Millisecond, nil
		})
}
