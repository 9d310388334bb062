// Package backoffstop drives a cenkalti/backoff back-off by hand: a loop
// that leaves when NextBackOff returns backoff.Stop is bounded by the
// back-off's MaxElapsedTime, as backoff.Retry is, unless it never stops.
package backoffstop

import (
	"context"
	"net/http"
	"time"

	"github.com/cenkalti/backoff/v4"

	"libs/backoffstop/pacing"
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

// neverStops: MaxElapsedTime 0, so NextBackOff never returns Stop.
func neverStops(ctx context.Context, url string) error {
	b := backoff.NewExponentialBackOff()
	b.MaxElapsedTime = 0
	for {
		actx, cancel := context.WithTimeout(ctx, 10*time.Second) // want `per-attempt timeout \(context.WithTimeout\) inside retry loop but no overall deadline`
		err := send(actx, url)
		cancel()
		if err == nil {
			return nil
		}
		d := b.NextBackOff()
		if d == backoff.Stop {
			return err
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(d):
		}
	}
}

// resetOnStop starts the back-off again at Stop: the loop never leaves.
func resetOnStop(ctx context.Context, url string) error {
	b := backoff.NewExponentialBackOff()
	for {
		actx, cancel := context.WithTimeout(ctx, 10*time.Second) // want `per-attempt timeout \(context.WithTimeout\) inside retry loop but no overall deadline`
		err := send(actx, url)
		cancel()
		if err == nil {
			return nil
		}
		d := b.NextBackOff()
		if d == backoff.Stop {
			b.Reset()
			d = b.NextBackOff()
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(d):
		}
	}
}

// handed drives a back-off its caller chose, which may never stop.
func handed(ctx context.Context, url string, b backoff.BackOff) error {
	for {
		actx, cancel := context.WithTimeout(ctx, 10*time.Second) // want `per-attempt timeout \(context.WithTimeout\) inside retry loop but no overall deadline`
		err := send(actx, url)
		cancel()
		if err == nil {
			return nil
		}
		d := b.NextBackOff()
		if d == backoff.Stop {
			return err
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(d):
		}
	}
}

// lookAlike's steps have a NextBackOff of their own but are no
// backoff.BackOff: nothing says that they ever return Stop, whatever the
// result is compared with.
func lookAlike(ctx context.Context, url string) error {
	p := pacing.NewSteps()
	for {
		actx, cancel := context.WithTimeout(ctx, 10*time.Second) // want `per-attempt timeout \(context.WithTimeout\) inside retry loop but no overall deadline`
		err := send(actx, url)
		cancel()
		if err == nil {
			return nil
		}
		d := p.NextBackOff()
		if d == backoff.Stop {
			return err
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(d):
		}
	}
}

// ---- must stay silent ----

// elapsed: the default MaxElapsedTime (15 minutes) bounds the loop.
func elapsed(ctx context.Context, url string) error {
	b := backoff.NewExponentialBackOff()
	for {
		actx, cancel := context.WithTimeout(ctx, 10*time.Second)
		err := send(actx, url)
		cancel()
		if err == nil {
			return nil
		}
		if d := b.NextBackOff(); d == backoff.Stop {
			return err
		} else {
			select {
			case <-ctx.Done():
				return ctx.Err()
			case <-time.After(d):
			}
		}
	}
}

// newBackOff is a constructor of the package, with a budget.
func newBackOff(budget time.Duration) *backoff.ExponentialBackOff {
	b := backoff.NewExponentialBackOff()
	b.MaxElapsedTime = budget
	return b
}

// viaCtor leaves when the back-off a constructor made stops.
func viaCtor(ctx context.Context, url string) error {
	b := newBackOff(2 * time.Minute)
	var delay time.Duration
	for {
		actx, cancel := context.WithTimeout(ctx, 10*time.Second)
		err := send(actx, url)
		cancel()
		if err == nil {
			return nil
		}
		if delay = b.NextBackOff(); delay == backoff.Stop {
			return err
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(delay):
		}
	}
}

// ownBackOff drives the project's own backoff.BackOff, made by a
// function of another package whose configuration the loop cannot read:
// like the library's, it is trusted to stop.
func ownBackOff(ctx context.Context, url string) error {
	p := pacing.New(time.Minute)
	for {
		actx, cancel := context.WithTimeout(ctx, 10*time.Second)
		err := send(actx, url)
		cancel()
		if err == nil {
			return nil
		}
		d := p.NextBackOff()
		if d == backoff.Stop {
			return err
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(d):
		}
	}
}

// byValue holds its back-off by value: NextBackOff, a method of
// *ExponentialBackOff, is called on its address, and the two-minute
// MaxElapsedTime bounds the loop.
func byValue(ctx context.Context, url string) error {
	b := backoff.ExponentialBackOff{
		InitialInterval:     time.Second,
		RandomizationFactor: 0.5,
		Multiplier:          2,
		MaxInterval:         10 * time.Second,
		MaxElapsedTime:      2 * time.Minute,
		Clock:               backoff.SystemClock,
	}
	b.Reset()
	for {
		actx, cancel := context.WithTimeout(ctx, 10*time.Second)
		err := send(actx, url)
		cancel()
		if err == nil {
			return nil
		}
		if d := b.NextBackOff(); d == backoff.Stop {
			return err
		} else {
			select {
			case <-ctx.Done():
				return ctx.Err()
			case <-time.After(d):
			}
		}
	}
}
