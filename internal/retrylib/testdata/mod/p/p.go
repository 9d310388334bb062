package p

import (
	"time"

	"github.com/avast/retry-go/v4"
	"github.com/cenkalti/backoff/v4"
	"github.com/go-resty/resty/v2"
	"github.com/hashicorp/go-retryablehttp"
)

type api struct{ rc *resty.Client }

func newAPI() *api { return &api{rc: resty.New().SetRetryCount(3)} }

func (a *api) other() { a.rc.R().SetHeader("Idempotency-Key", "k") }

func calls(op func() error) {
	b := backoff.NewExponentialBackOff()
	b.MaxElapsedTime = 0
	_ = backoff.Retry(op, b)                                                            // entry: backoff Retry, never stops
	_ = backoff.Retry(op, backoff.WithMaxRetries(b, 3))                                 // entry: backoff Retry, bounded
	_ = backoff.Retry(op, &backoff.ExponentialBackOff{InitialInterval: time.Second})    // entry: backoff Retry, never stops (literal)
	_ = backoff.Retry(op, backoff.NewExponentialBackOff(backoff.WithMaxElapsedTime(0))) // entry: backoff Retry, never stops (option)
	_ = retry.Do(op, retry.Attempts(0))                                                 // entry: retry-go Do, forever
	_ = retry.Do(op, retry.Attempts(3))                                                 // entry: retry-go Do, counted
	c := retryablehttp.NewClient()
	c.RetryMax = 0
	req, _ := retryablehttp.NewRequest("POST", "u", nil)
	_, _ = c.Do(req) // entry: retryablehttp Do, no retries
	a := newAPI()
	_, _ = a.rc.R().Post("u") // entry: resty Post, retry count 3
}
