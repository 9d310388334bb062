// Package failsafe is github.com/failsafe-go/failsafe-go as callers use
// it: the waits of a retry policy select on the Executor's context,
// context.Background() unless WithContext; WithMaxRetries(-1) retries
// until success unless WithMaxDuration bounds it.
package failsafe

import (
	"context"
	"net/http"
	"time"

	"github.com/failsafe-go/failsafe-go"
	"github.com/failsafe-go/failsafe-go/failsafehttp"
	"github.com/failsafe-go/failsafe-go/retrypolicy"
	"github.com/failsafe-go/failsafe-go/timeout"
)

func get(ctx context.Context, url string) (*http.Response, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		return nil, err
	}
	return http.DefaultClient.Do(req)
}

var policy = failsafehttp.NewRetryPolicyBuilder().WithMaxRetries(3).Build()

func noContext(ctx context.Context, url string) (*http.Response, error) {
	return failsafe.With(policy).Get(func() (*http.Response, error) { // want `failsafe Executor.Get without WithContext\(ctx\)`
		return get(ctx, url)
	})
}

func forever(url string) (*http.Response, error) {
	rp := retrypolicy.NewBuilder[*http.Response]().
		WithMaxRetries(-1).
		WithBackoff(time.Second, 30*time.Second).
		Build()
	return failsafe.With(rp).Get(func() (*http.Response, error) { // want `per-attempt timeout inside failsafe Executor.Get whose retry policy never stops`
		ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
		defer cancel()
		return get(ctx, url)
	})
}

// A timeout policy inside the retry policy times each attempt.
func innerTimeout(url string) (*http.Response, error) {
	rp := retrypolicy.NewBuilder[*http.Response]().WithMaxAttempts(-1).Build()
	return failsafe.With(rp, timeout.New[*http.Response](5*time.Second)).Get(func() (*http.Response, error) { // want `per-attempt timeout inside failsafe Executor.Get whose retry policy never stops`
		return get(context.Background(), url)
	})
}

// A resolver whose Executor its constructor makes and keeps in a field:
// the policy is the constructor's.
type resolver struct {
	exec failsafe.Executor[*http.Response]
}

func newResolver() *resolver {
	rp := retrypolicy.NewBuilder[*http.Response]().WithMaxRetries(-1).Build()
	return &resolver{exec: failsafe.With(rp)}
}

func (r *resolver) resolve(url string) (*http.Response, error) {
	return r.exec.Get(func() (*http.Response, error) { // want `per-attempt timeout inside failsafe Executor.Get whose retry policy never stops`
		ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
		defer cancel()
		return get(ctx, url)
	})
}

// ---- must stay silent ----

// The same resolver, its policy bounded by the constructor.
type boundedResolver struct {
	exec failsafe.Executor[*http.Response]
}

func newBoundedResolver() *boundedResolver {
	rp := retrypolicy.NewBuilder[*http.Response]().WithMaxRetries(-1).WithMaxDuration(time.Minute).Build()
	return &boundedResolver{exec: failsafe.With(rp)}
}

func (r *boundedResolver) resolve(url string) (*http.Response, error) {
	return r.exec.Get(func() (*http.Response, error) {
		ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
		defer cancel()
		return get(ctx, url)
	})
}

// A timeout policy outside the retry policy bounds the whole retry.
func outerTimeout(url string) (*http.Response, error) {
	rp := retrypolicy.NewBuilder[*http.Response]().WithMaxRetries(-1).Build()
	return failsafe.With(timeout.New[*http.Response](time.Minute), rp).Get(func() (*http.Response, error) {
		ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
		defer cancel()
		return get(ctx, url)
	})
}

func withContext(ctx context.Context, url string) (*http.Response, error) {
	return failsafe.With(policy).WithContext(ctx).Get(func() (*http.Response, error) {
		return get(ctx, url)
	})
}

func maxDuration(url string) (*http.Response, error) {
	rp := retrypolicy.NewBuilder[*http.Response]().WithMaxRetries(-1).WithMaxDuration(time.Minute).Build()
	return failsafe.With(rp).Get(func() (*http.Response, error) {
		ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
		defer cancel()
		return get(ctx, url)
	})
}

// The default: 2 retries.
func defaultRetries(url string) (*http.Response, error) {
	rp := retrypolicy.NewBuilder[*http.Response]().Build()
	return failsafe.With(rp).Get(func() (*http.Response, error) {
		ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
		defer cancel()
		return get(ctx, url)
	})
}

// A timeout policy alone: no waits to ignore.
func timeoutOnly(ctx context.Context, url string) (*http.Response, error) {
	return failsafe.With(timeout.New[*http.Response](10 * time.Second)).Get(func() (*http.Response, error) {
		return get(ctx, url)
	})
}
