package b

import (
	"net/http"
	"time"

	"helper"
)

const limit = 10 * time.Second

func capHelper(resp *http.Response) time.Duration {
	return min(helper.RetryAfter(resp), limit) // want `Retry-After is capped by min\(\.\.\.\)`
}

func capThroughWrap(resp *http.Response) (time.Duration, error) {
	d := helper.Wrap(helper.RetryAfter(resp))
	if d > limit { // want `Retry-After is capped by if d > limit`
		d = limit
	}
	return d, nil
}

func secondsViaHelper(resp *http.Response) time.Duration {
	return helper.Seconds(resp.Header.Get("Retry-After")) // want `Retry-After is parsed only as seconds by helper.Seconds`
}

func bothViaHelpers(resp *http.Response) time.Duration {
	v := resp.Header.Get("Retry-After")
	if d, ok := helper.Date(v); ok {
		return d
	}
	return helper.Seconds(v)
}

func helperNotRetryAfter(resp *http.Response) time.Duration {
	return min(helper.Seconds(resp.Header.Get("X-Poll-Interval")), limit)
}

func lowerBoundHelper(resp *http.Response, backoff time.Duration) time.Duration {
	return max(backoff, helper.RetryAfter(resp))
}
