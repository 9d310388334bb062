// Package timerwait: waits between attempts spelled with a timer's
// channel or a select on timers alone ignore cancellation as time.Sleep
// does.
package timerwait

import (
	"context"
	"errors"
	"net/http"
	"time"
)

var errGaveUp = errors.New("gave up")

func get(ctx context.Context, c *http.Client, url string) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		return err
	}
	resp, err := c.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// ---- must flag ----

func timerAlone(ctx context.Context, c *http.Client, url string) error {
	for i := 0; i < 5; i++ {
		if err := get(ctx, c, url); err == nil {
			return nil
		}
		t := time.NewTimer(time.Duration(i+1) * time.Second)
		<-t.C // want `<-t.C in retry loop ignores cancellation of ctx`
	}
	return errGaveUp
}

func selectAfterAlone(ctx context.Context, c *http.Client, url string) error {
	for i := 0; i < 5; i++ {
		if err := get(ctx, c, url); err == nil {
			return nil
		}
		select { // want `select on timers alone in retry loop ignores cancellation of ctx`
		case <-time.After(time.Second):
		}
	}
	return errGaveUp
}

type poller struct {
	hc     *http.Client
	ticker *time.Ticker
}

func (p *poller) tickerPaced(ctx context.Context, url string) {
	for {
		if err := get(ctx, p.hc, url); err == nil {
			return
		}
		<-p.ticker.C // want `<-p.ticker.C in retry loop ignores cancellation of ctx`
	}
}

// overallTimer waits on a deadline held in a variable and a ticker: both
// are time alone.
func overallTimer(ctx context.Context, c *http.Client, url string, d time.Duration) error {
	timeout := time.After(d)
	ticker := time.NewTicker(time.Second)
	defer ticker.Stop()
	for {
		if err := get(ctx, c, url); err == nil {
			return nil
		}
		select { // want `select on timers alone in retry loop ignores cancellation of ctx`
		case <-timeout:
			return errGaveUp
		case <-ticker.C:
		}
	}
}

// afterVar receives from time.After's channel held in a variable.
func afterVar(ctx context.Context, c *http.Client, url string) error {
	for i := 0; i < 5; i++ {
		if err := get(ctx, c, url); err == nil {
			return nil
		}
		wait := time.After(time.Second)
		<-wait // want `<-wait in retry loop ignores cancellation of ctx`
	}
	return errGaveUp
}

// ---- must stay silent ----

// stopChannel's variable holds a caller's channel on one path: not time
// alone.
func stopChannel(ctx context.Context, c *http.Client, url string, stop <-chan time.Time) error {
	timeout := time.After(time.Minute)
	if stop != nil {
		timeout = stop
	}
	for {
		if err := get(ctx, c, url); err == nil {
			return nil
		}
		select {
		case <-timeout:
			return errGaveUp
		case <-time.After(time.Second):
		}
	}
}

func timerWithCtx(ctx context.Context, c *http.Client, url string) error {
	for i := 0; i < 5; i++ {
		if err := get(ctx, c, url); err == nil {
			return nil
		}
		t := time.NewTimer(time.Second)
		select {
		case <-ctx.Done():
			t.Stop()
			return ctx.Err()
		case <-t.C:
		}
	}
	return errGaveUp
}

func quitChannel(ctx context.Context, c *http.Client, url string, quit <-chan struct{}) error {
	for i := 0; i < 5; i++ {
		if err := get(ctx, c, url); err == nil {
			return nil
		}
		select {
		case <-quit:
			return errGaveUp
		case <-time.After(time.Second):
		}
	}
	return errGaveUp
}

// perItem paces one request per item: iteration, not a retry.
func perItem(ctx context.Context, c *http.Client, urls []string) {
	t := time.NewTicker(time.Second)
	defer t.Stop()
	for _, u := range urls {
		_ = get(ctx, c, u)
		<-t.C
	}
}

// noContext has no context to end the wait with.
func noContext(c *http.Client, url string) error {
	for i := 0; i < 3; i++ {
		if err := get(context.Background(), c, url); err == nil {
			return nil
		}
		t := time.NewTimer(time.Second)
		<-t.C
	}
	return errGaveUp
}

// Silent: the timer is drained after Stop in the cancellation case, the
// idiom for a timer that may have fired; the receive takes the value at
// once.
func drainAfterStop(ctx context.Context, c *http.Client, url string) error {
	for i := range 3 {
		if err := get(ctx, c, url); err == nil {
			return nil
		}
		t := time.NewTimer(time.Second << i)
		select {
		case <-t.C:
		case <-ctx.Done():
			if !t.Stop() {
				<-t.C
			}
			return ctx.Err()
		}
	}
	return errGaveUp
}

// The same receive after a Stop of another timer waits on its own.
func drainOther(ctx context.Context, c *http.Client, url string) error {
	other := time.NewTimer(time.Minute)
	for i := range 3 {
		if err := get(ctx, c, url); err == nil {
			return nil
		}
		t := time.NewTimer(time.Second << i)
		if !other.Stop() {
			<-t.C // want `<-t.C in retry loop ignores cancellation of ctx`
		}
	}
	return errGaveUp
}

func fetch(ctx context.Context, c *http.Client, url string) error {
	ctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	return get(ctx, c, url)
}

// Silent: a refresher that runs until it is cancelled; a failure is tried
// again sooner, a success later, and only cancellation leaves.
func refresher(ctx context.Context, c *http.Client, url string) {
	t := time.NewTimer(10 * time.Second)
	defer t.Stop()
	for {
		select {
		case <-t.C:
			if err := fetch(ctx, c, url); errors.Is(err, context.Canceled) {
				return
			} else if err != nil {
				t.Reset(10 * time.Second)
				continue
			}
			t.Reset(5 * time.Minute)
		case <-ctx.Done():
			return
		}
	}
}

// The same loop left on success retries until it succeeds.
func untilFetched(ctx context.Context, c *http.Client, url string) error {
	t := time.NewTimer(0)
	defer t.Stop()
	for {
		select {
		case <-t.C:
			err := fetch(ctx, c, url) // want `per-attempt timeout \(made by fetch from ctx\) inside retry loop but no overall deadline`
			if errors.Is(err, context.Canceled) {
				return err
			}
			if err == nil {
				return nil
			}
			t.Reset(10 * time.Second)
		case <-ctx.Done():
			return ctx.Err()
		}
	}
}

// Silent: the wait is a context used as a timer (<-ctx.Done()), which the
// caller's cancellation ends too; no attempt has a timeout.
func contextTimer(ctx context.Context, c *http.Client, url string) error {
	delay := time.Second
	var last error
	for i := 0; i < 5; i++ {
		if i != 0 {
			wctx, cancel := context.WithTimeout(ctx, delay)
			<-wctx.Done()
			cancel()
			if ctx.Err() != nil {
				return ctx.Err()
			}
			delay *= 2
		}
		if last = get(ctx, c, url); last == nil {
			return nil
		}
	}
	return last
}

// The same context handed to the send bounds the attempt.
func contextAttempt(ctx context.Context, c *http.Client, url string) error {
	var last error
	for i := 0; i < 5; i++ {
		actx, cancel := context.WithTimeout(ctx, 10*time.Second) // want `per-attempt timeout \(context.WithTimeout\) inside retry loop but no overall deadline`
		last = get(actx, c, url)
		cancel()
		if last == nil {
			return nil
		}
		select {
		case <-time.After(time.Second):
		case <-ctx.Done():
			return ctx.Err()
		}
	}
	return last
}
