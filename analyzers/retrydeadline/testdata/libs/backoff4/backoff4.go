package backoff4

import (
	"context"
	"net/http"
	"time"

	"github.com/cenkalti/backoff/v4"
)

func send(ctx context.Context, url string) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		return err
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// neverStops: MaxElapsedTime 0 and a timeout per attempt.
func neverStops(url string) error {
	b := backoff.NewExponentialBackOff()
	b.MaxElapsedTime = 0
	return backoff.Retry(func() error { // want `per-attempt timeout inside backoff.Retry, whose BackOff never stops`
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		return send(ctx, url)
	}, b)
}

// literalNeverStops: a literal without MaxElapsedTime has 0.
func literalNeverStops(url string) error {
	b := &backoff.ExponentialBackOff{
		InitialInterval: time.Second,
		Multiplier:      2,
		MaxInterval:     time.Minute,
		Clock:           backoff.SystemClock,
		Stop:            backoff.Stop,
	}
	return backoff.RetryNotify(func() error { // want `per-attempt timeout inside backoff.RetryNotify, whose BackOff never stops`
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		return send(ctx, url)
	}, b, nil)
}

// optionNeverStops: WithMaxElapsedTime(0).
func optionNeverStops(url string) error {
	return backoff.Retry(func() error { // want `per-attempt timeout inside backoff.Retry, whose BackOff never stops`
		ctx, cancel := context.WithTimeout(context.Background(), time.Second)
		defer cancel()
		return send(ctx, url)
	}, backoff.NewExponentialBackOff(backoff.WithMaxElapsedTime(0)))
}

// noContext: the waits ignore ctx.
func noContext(ctx context.Context, url string) error {
	b := backoff.NewExponentialBackOff()
	return backoff.Retry(func() error { return send(ctx, url) }, b) // want `backoff.Retry waits on a BackOff not wrapped in backoff.WithContext, so the waits ignore cancellation of ctx`
}

// fromRequest: the caller's context is the request's.
func fromRequest(req *http.Request) error {
	return backoff.Retry(func() error {
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			return err
		}
		return resp.Body.Close()
	}, backoff.NewExponentialBackOff()) // want `waits ignore cancellation of req.Context\(\)`
}

// fromCaller: its caller hands it a request made with the caller's ctx.
func fromCaller(req *http.Request) error {
	return backoff.Retry(func() error {
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			return err
		}
		return resp.Body.Close()
	}, backoff.NewExponentialBackOff()) // want `waits ignore cancellation of req.Context\(\)`
}

func getWithContext(ctx context.Context, url string) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		return err
	}
	return fromCaller(req)
}

// ---- must stay silent ----

// newRequest builds the package's requests, with no context.
func newRequest(url string) (*http.Request, error) {
	req, err := http.NewRequest(http.MethodGet, url, nil)
	if err != nil {
		return nil, err
	}
	return req, nil
}

// fromBuilt is handed only requests that newRequest built: their
// context is Background, which nothing cancels.
func fromBuilt(req *http.Request) error {
	return backoff.Retry(func() error {
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			return err
		}
		return resp.Body.Close()
	}, backoff.NewExponentialBackOff())
}

func getReport(url string) error {
	req, err := newRequest(url)
	if err != nil {
		return err
	}
	return fromBuilt(req)
}

// defaultBound: NewExponentialBackOff stops after 15 minutes.
func defaultBound(url string) error {
	return backoff.Retry(func() error {
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		return send(ctx, url)
	}, backoff.NewExponentialBackOff())
}

// maxElapsedSet: the field is set to a bound.
func maxElapsedSet(url string) error {
	b := backoff.NewExponentialBackOff()
	b.MaxElapsedTime = time.Minute
	return backoff.Retry(func() error {
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		return send(ctx, url)
	}, b)
}

// maxRetries: the count is bounded.
func maxRetries(url string) error {
	b := backoff.NewExponentialBackOff()
	b.MaxElapsedTime = 0
	return backoff.Retry(func() error {
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		return send(ctx, url)
	}, backoff.WithMaxRetries(b, 5))
}

// withContext: the waits select on ctx.
func withContext(ctx context.Context, url string) error {
	b := backoff.WithContext(backoff.NewExponentialBackOff(), ctx)
	return backoff.Retry(func() error { return send(ctx, url) }, b)
}

// noTimeout: never stops, but no attempt has a timeout of its own and no
// context is at hand.
func noTimeout(url string) error {
	b := backoff.NewExponentialBackOff()
	b.MaxElapsedTime = 0
	return backoff.Retry(func() error { return send(context.Background(), url) }, b)
}

// unknown: a BackOff from elsewhere is not judged.
func unknown(ctx context.Context, b backoff.BackOff, url string) error {
	return backoff.Retry(func() error { return send(ctx, url) }, b)
}

// notifyNoCtx waits on a BackOff without the caller's context, and its
// attempts are sent without it: the fix that makes the waits end with ctx
// gives it to the attempts too.
func notifyNoCtx(ctx context.Context, c *http.Client, url string) error {
	return backoff.RetryNotify(func() error {
		resp, err := c.Get(url)
		if err != nil {
			return err
		}
		return resp.Body.Close()
	}, backoff.NewExponentialBackOff(), func(err error, d time.Duration) {}) // want `backoff.RetryNotify waits on a BackOff not wrapped in backoff.WithContext, so the waits ignore cancellation of ctx`
}
