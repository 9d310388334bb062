// Package waithelper waits between attempts with back-off helpers that
// compute a jittered wait and sleep it without a context.
package waithelper

import (
	"context"
	"errors"
	"math/rand/v2"
	"net/http"
	"time"
)

const (
	baseDelay = 100 * time.Millisecond
	maxDelay  = 5 * time.Second
)

// backoff pauses before retry number attempt.
func backoff(attempt int) {
	d := baseDelay << attempt
	if d > maxDelay || d <= 0 {
		d = maxDelay
	}
	d = d/2 + rand.N(d/2+1)
	time.Sleep(d)
}

var errStatus = errors.New("server error")

func get(ctx context.Context, url string) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		return err
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	if resp.StatusCode >= 500 {
		return errStatus
	}
	return nil
}

// fetch sleeps through every back-off after its caller gave up.
func fetch(ctx context.Context, url string) error {
	var err error
	for attempt := 0; attempt < 5; attempt++ {
		if err = get(ctx, url); err == nil {
			return nil
		}
		backoff(attempt) // want `backoff, which waits with time.Sleep, in retry loop ignores cancellation of ctx`
	}
	return err
}

// fetchAll calls backoff outside any retry too: the old name stays.
func fetchAll(urls []string) {
	for i, u := range urls {
		_ = get(context.Background(), u)
		backoff(i)
	}
}

type client struct {
	base time.Duration
}

// pause waits longer after each failure; a bare return when none.
func (c *client) pause(failures int) {
	if failures == 0 {
		return
	}
	time.Sleep(c.base * time.Duration(failures))
}

// poll is a method whose wait is its receiver's.
func (c *client) poll(ctx context.Context, url string) (int, error) {
	for failures := 0; ; failures++ {
		err := get(ctx, url)
		if err == nil {
			return failures, nil
		}
		if !errors.Is(err, errStatus) {
			return 0, err
		}
		c.pause(failures) // want `pause, which waits with time.Sleep, in retry loop ignores cancellation of ctx`
	}
}

// pauseCtx already ends with the context: silent.
func pauseCtx(ctx context.Context, d time.Duration) { // want pauseCtx:"ctxquery\\(1\\)"
	d = d * 2
	select {
	case <-ctx.Done():
	case <-time.After(d):
	}
}

func fetchCtx(ctx context.Context, url string) error {
	var err error
	for attempt := 0; attempt < 5; attempt++ {
		if err = get(ctx, url); err == nil {
			return nil
		}
		pauseCtx(ctx, baseDelay)
	}
	return err
}

// spin sleeps in a loop of its own: a retry, not a wait between
// attempts; silent here.
func spin(n int) {
	for i := 0; i < n; i++ {
		time.Sleep(baseDelay)
	}
}

func fetchSpin(ctx context.Context, url string) error {
	var err error
	for attempt := 0; attempt < 5; attempt++ {
		if err = get(ctx, url); err == nil {
			return nil
		}
		spin(attempt)
	}
	return err
}

// Silent: no context at hand.
func fetchNoCtx(url string) error {
	var err error
	for attempt := 0; attempt < 5; attempt++ {
		resp, e := http.Get(url)
		if e == nil {
			resp.Body.Close()
			return nil
		}
		err = e
		backoff(attempt)
	}
	return err
}

// settle waits a second after the first failures, then longer; both
// branches return.
func settle(failures int) {
	if failures < 3 {
		time.Sleep(time.Second)
		return
	} else {
		time.Sleep(time.Duration(failures) * time.Second)
		return
	}
}

func fetchSettled(ctx context.Context, url string) error {
	var err error
	for attempt := 0; attempt < 5; attempt++ {
		if err = get(ctx, url); err == nil {
			return nil
		}
		settle(attempt) // want `settle, which waits with time.Sleep, in retry loop ignores cancellation of ctx`
	}
	return err
}

// Silent: the call is an if's own statement, which no if can replace.
func fetchInit(ctx context.Context, url string) error {
	var err error
	for attempt := 0; attempt < 5; attempt++ {
		if err = get(ctx, url); err == nil {
			return nil
		}
		if backoff(attempt); attempt > 3 {
			break
		}
	}
	return err
}
