package retrygo

import (
	"context"
	"net/http"
	"time"

	"github.com/avast/retry-go/v4"
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

func noContext(ctx context.Context, url string) error {
	return retry.Do( // want `retry.Do without retry.Context\(ctx\): its waits ignore cancellation of ctx`
		func() error { return send(ctx, url) },
		retry.Attempts(5),
	)
}

func forever(url string) error {
	return retry.Do(func() error {
		ctx, cancel := context.WithTimeout(context.Background(), 3*time.Second)
		defer cancel()
		return send(ctx, url)
	}, retry.Attempts(0)) // want `per-attempt timeout inside retry.Do with retry.Attempts\(0\) and no retry.Context`
}

func untilSucceeded(url string) (int, error) {
	return retry.DoWithData(func() (int, error) {
		ctx, cancel := context.WithTimeout(context.Background(), 3*time.Second)
		defer cancel()
		return 1, send(ctx, url)
	}, retry.UntilSucceeded(), retry.Delay(time.Second)) // want `per-attempt timeout inside retry.DoWithData with retry.UntilSucceeded\(\)`
}

// ---- must stay silent ----

func withContext(ctx context.Context, url string) error {
	return retry.Do(func() error { return send(ctx, url) }, retry.Context(ctx))
}

func counted(url string) error {
	return retry.Do(func() error {
		ctx, cancel := context.WithTimeout(context.Background(), 3*time.Second)
		defer cancel()
		return send(ctx, url)
	}, retry.Attempts(3))
}

func foreverNoTimeout(url string) error {
	return retry.Do(func() error { return send(context.Background(), url) }, retry.Attempts(0))
}

func optsSlice(ctx context.Context, url string, opts []retry.Option) error {
	return retry.Do(func() error { return send(ctx, url) }, opts...)
}

// defaultsFirst: the defaults, which the caller's options follow, do not
// bind the waits to ctx.
func defaultsFirst(ctx context.Context, url string, opts ...retry.Option) error {
	return retry.Do(func() error { return send(ctx, url) }, // want `retry.Do without retry.Context\(ctx\): its waits ignore cancellation of ctx`
		append([]retry.Option{
			retry.Attempts(20),
			retry.Delay(time.Second),
		}, opts...)...)
}

// defaultsWithContext: silent, the defaults carry it.
func defaultsWithContext(ctx context.Context, url string, opts ...retry.Option) error {
	return retry.Do(func() error { return send(ctx, url) },
		append([]retry.Option{retry.Context(ctx), retry.Attempts(20)}, opts...)...)
}

// defaultsForever: silent, a caller's option may bound what the
// defaults leave unbounded.
func defaultsForever(url string, opts ...retry.Option) error {
	return retry.Do(func() error {
		ctx, cancel := context.WithTimeout(context.Background(), time.Second)
		defer cancel()
		return send(ctx, url)
	}, append([]retry.Option{retry.Attempts(0)}, opts...)...)
}

// defaultsInline: the same, the defaults on one line.
func defaultsInline(ctx context.Context, url string, opts ...retry.Option) error {
	return retry.Do(func() error { return send(ctx, url) }, append([]retry.Option{retry.Attempts(3)}, opts...)...) // want `retry.Do without retry.Context\(ctx\)`
}

// localOpts spreads options from a local slice without retry.Context:
// the option joins the slice's literal.
func localOpts(ctx context.Context, url string) error {
	opts := []retry.Option{retry.Attempts(5), retry.Delay(time.Second)}
	return retry.Do(func() error { return send(ctx, url) }, opts...) // want `retry.Do without retry.Context\(ctx\)`
}

// localOptsGrown: silent, an append hands the context.
func localOptsGrown(ctx context.Context, url string) error {
	opts := []retry.Option{retry.Attempts(5)}
	opts = append(opts, retry.Context(ctx))
	return retry.Do(func() error { return send(ctx, url) }, opts...)
}

// localOptsLater: silent, the slice may change after it is built in a
// way the options do not show.
func localOptsLater(ctx context.Context, url string, extra []retry.Option) error {
	opts := []retry.Option{retry.Attempts(5)}
	opts = append(opts, extra...)
	return retry.Do(func() error { return send(ctx, url) }, opts...)
}

// localOptsStored: silent, an element of the slice is replaced, which
// the options read from its literal would not show.
func localOptsStored(ctx context.Context, url string, attempts uint) error {
	opts := []retry.Option{retry.Attempts(3), retry.Delay(time.Second)}
	if attempts > 0 {
		opts[0] = retry.Attempts(attempts)
	}
	return retry.Do(func() error { return send(ctx, url) }, opts...)
}
