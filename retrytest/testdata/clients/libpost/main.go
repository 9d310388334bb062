// Command libpost posts a charge through one of the retry libraries
// (-lib): the request is made in the operation the library retries, or
// sent through the library's retrying request or transport, without an idempotency
// key, the defect that retryidempotency reports: when the server applied
// the charge but the connection dropped before the answer, the retry
// charges the customer a second time.
//
//	libpost -lib goretry|backoff5|retrygo|failsafe|failsafehttp|failsafert|restyv3 http://127.0.0.1:8080/charges
package main

import (
	"bytes"
	"context"
	"flag"
	"fmt"
	"net/http"
	"os"
	"strconv"
	"time"

	retrygo "github.com/avast/retry-go/v4"
	"github.com/cenkalti/backoff/v5"
	"github.com/failsafe-go/failsafe-go"
	"github.com/failsafe-go/failsafe-go/failsafehttp"
	"github.com/failsafe-go/failsafe-go/retrypolicy"
	goretry "github.com/sethvargo/go-retry"
	"resty.dev/v3"
)

var order = []byte(`{"customer":"c_42","amount":1999,"currency":"EUR"}`)

const pause = 100 * time.Millisecond

// check turns an answer that is not a success into an error, so that the
// libraries retry it as they retry a transport error.
func check(resp *http.Response) error {
	resp.Body.Close()
	if resp.StatusCode >= 300 {
		return fmt.Errorf("charge: %s", resp.Status)
	}
	return nil
}

// chargeGoRetry retries with github.com/sethvargo/go-retry.
func chargeGoRetry(ctx context.Context, url string) error {
	b := goretry.WithMaxRetries(3, goretry.NewConstant(pause))
	return goretry.Do(ctx, b, func(ctx context.Context) error {
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, url, bytes.NewReader(order))
		if err != nil {
			return err
		}
		req.Header.Set("Content-Type", "application/json")
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			return goretry.RetryableError(err)
		}
		if err := check(resp); err != nil {
			return goretry.RetryableError(err)
		}
		return nil
	})
}

// chargeBackoff retries with github.com/cenkalti/backoff/v5.
func chargeBackoff(ctx context.Context, url string) error {
	_, err := backoff.Retry(ctx, func() (int, error) {
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, url, bytes.NewReader(order))
		if err != nil {
			return 0, backoff.Permanent(err)
		}
		req.Header.Set("Content-Type", "application/json")
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			return 0, err
		}
		return resp.StatusCode, check(resp)
	}, backoff.WithBackOff(backoff.NewConstantBackOff(pause)), backoff.WithMaxTries(4))
	return err
}

// chargeRetryGo retries with github.com/avast/retry-go/v4.
func chargeRetryGo(ctx context.Context, url string) error {
	return retrygo.Do(func() error {
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, url, bytes.NewReader(order))
		if err != nil {
			return retrygo.Unrecoverable(err)
		}
		req.Header.Set("Content-Type", "application/json")
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			return err
		}
		return check(resp)
	}, retrygo.Attempts(4), retrygo.Delay(pause), retrygo.DelayType(retrygo.FixedDelay), retrygo.Context(ctx))
}

// chargeFailsafe retries with a failsafe-go Executor.
func chargeFailsafe(ctx context.Context, url string) error {
	rp := retrypolicy.NewBuilder[any]().WithMaxRetries(3).WithDelay(pause).Build()
	return failsafe.With[any](rp).WithContext(ctx).Run(func() error {
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, url, bytes.NewReader(order))
		if err != nil {
			return err
		}
		req.Header.Set("Content-Type", "application/json")
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			return err
		}
		return check(resp)
	})
}

// chargeFailsafeHTTP sends the request through failsafehttp.Request,
// which re-sends it under failsafe-go's HTTP retry policy.
func chargeFailsafeHTTP(ctx context.Context, url string) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, url, bytes.NewReader(order))
	if err != nil {
		return err
	}
	req.Header.Set("Content-Type", "application/json")
	rp := failsafehttp.NewRetryPolicyBuilder().WithMaxRetries(3).WithDelay(pause).WithDelayFunc(retryAfterDelay).Build()
	resp, err := failsafehttp.NewRequest(req, http.DefaultClient, rp).Do()
	if err != nil {
		return err
	}
	return check(resp)
}

// api sends through an http.Client whose Transport is a failsafe-go round
// tripper: every request sent through it is retried under the policy.
type api struct {
	hc *http.Client
}

func newAPI() *api {
	rp := failsafehttp.NewRetryPolicyBuilder().WithMaxRetries(3).WithDelay(pause).WithDelayFunc(retryAfterDelay).Build()
	return &api{hc: &http.Client{Transport: failsafehttp.NewRoundTripper(nil, rp)}}
}

// send sends a request of any method.
func (a *api) send(ctx context.Context, method, url string, body []byte) error {
	req, err := http.NewRequestWithContext(ctx, method, url, bytes.NewReader(body))
	if err != nil {
		return err
	}
	req.Header.Set("Content-Type", "application/json")
	resp, err := a.hc.Do(req)
	if err != nil {
		return err
	}
	return check(resp)
}

// chargeRoundTripper posts through the failsafe round tripper.
func chargeRoundTripper(ctx context.Context, url string) error {
	return newAPI().send(ctx, http.MethodPost, url, order)
}

// chargeResty sends the request through a resty v3 client that retries
// writes and every transport error.
func chargeResty(ctx context.Context, url string) error {
	c := resty.New().
		SetRetryCount(3).
		SetRetryWaitTime(pause).
		SetRetryAllowNonIdempotent(true).
		AddRetryConditions(func(_ *resty.Response, err error) bool { return err != nil })
	defer c.Close()
	resp, err := c.R().SetContext(ctx).SetHeader("Content-Type", "application/json").SetBody(order).Post(url)
	if err != nil {
		return err
	}
	if resp.StatusCode() >= 300 {
		return fmt.Errorf("charge: %s", resp.Status())
	}
	return nil
}

func main() {
	lib := flag.String("lib", "", "the retry library: goretry, backoff5, retrygo, failsafe, failsafehttp, failsafert or restyv3")
	flag.Parse()
	charge := map[string]func(context.Context, string) error{
		"goretry":      chargeGoRetry,
		"backoff5":     chargeBackoff,
		"retrygo":      chargeRetryGo,
		"failsafe":     chargeFailsafe,
		"failsafehttp": chargeFailsafeHTTP,
		"restyv3":      chargeResty,
		"failsafert":   chargeRoundTripper,
	}[*lib]
	if charge == nil || flag.NArg() != 1 {
		fmt.Fprintln(os.Stderr, "usage: libpost -lib goretry|backoff5|retrygo|failsafe|failsafehttp|failsafert|restyv3 URL")
		os.Exit(2)
	}
	if err := charge(context.Background(), flag.Arg(0)); err != nil {
		fmt.Fprintln(os.Stderr, "libpost:", err)
		os.Exit(1)
	}
	fmt.Println("charged")
}

// retryAfterDelay takes the policy's delay from Retry-After in either form
// (failsafehttp.DelayFunc reads seconds only): delay-seconds, else the time
// left until an HTTP-date; -1 (the policy's own delay) otherwise.
func retryAfterDelay(exec failsafe.ExecutionAttempt[*http.Response]) time.Duration {
	resp := exec.LastResult()
	if resp == nil || resp.StatusCode != http.StatusTooManyRequests && resp.StatusCode != http.StatusServiceUnavailable {
		return -1
	}
	v := resp.Header.Get("Retry-After")
	if secs, err := strconv.Atoi(v); err == nil && secs >= 0 {
		return time.Duration(secs) * time.Second
	}
	if t, err := http.ParseTime(v); err == nil {
		return max(time.Until(t), 0)
	}
	return -1
}
