// Package versions holds the calls whose model depends on the library
// version or on configuration read back through variables: resty v2 and
// v3, go-retry back-offs, failsafe-go executors.
package versions

import (
	"context"
	"errors"
	"time"

	"github.com/failsafe-go/failsafe-go"
	"github.com/failsafe-go/failsafe-go/retrypolicy"
	"github.com/failsafe-go/failsafe-go/timeout"
	restyv2 "github.com/go-resty/resty/v2"
	"github.com/sethvargo/go-retry"
	"resty.dev/v3"
)

func calls(ctx context.Context) {
	// resty: the same chain, two versions.
	c2 := restyv2.New().SetRetryCount(2)
	c2.R().Post("u")
	c3 := resty.New().SetRetryCount(2)
	c3.R().Post("u")
	c3.R().Put("u")
	c3.R().SetRetryAllowNonIdempotent(true).Post("u")
	c3.R().SetRetryAllowNonIdempotent(true).SetRetryDefaultConditions(false).Post("u")
	c2.R().AddRetryCondition(func(*restyv2.Response, error) bool { return false }).Post("u")
	c3.R().AddRetryConditions(func(*resty.Response, error) bool { return false }).Put("u")

	// go-retry back-offs.
	b := retry.NewExponential(time.Second)
	retry.Do(ctx, b, op)
	b2 := retry.WithCappedDuration(time.Second, retry.WithJitter(time.Millisecond, b))
	retry.Do(ctx, b2, op)
	b3 := retry.NewFibonacci(time.Second)
	b3 = retry.WithMaxDuration(time.Minute, b3)
	retry.Do(ctx, b3, op)

	// failsafe-go executors.
	rp := retrypolicy.NewBuilder[any]().WithMaxRetries(-1).Build()
	failsafe.With(rp).Get(get)
	failsafe.With(timeout.New[any](time.Minute), rp).Get(get)
	failsafe.With(rp, timeout.New[any](time.Second)).WithContext(ctx).Get(get)
	handled := retrypolicy.NewBuilder[any]().HandleErrors(errFatal).Build()
	failsafe.With(handled).Get(get)
	failsafe.With(timeout.New[any](time.Second)).Get(get)
}

var errFatal = errors.New("fatal")

func op(context.Context) error { return nil }

func get() (any, error) { return nil, nil }
