// Package waitfunc: a wait that ignores cancellation, made by a function
// or method whose body is only that wait.
package waitfunc

import (
	"context"
	"errors"
	"log"
	"net/http"
	"time"

	"waitlib"
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

func sleep(d time.Duration) { // want sleep:`waits\(param 0\)`
	time.Sleep(d)
}

// ---- must flag ----

func localSleep(ctx context.Context, c *http.Client, url string) error {
	for i := 0; i < 3; i++ {
		if err := get(ctx, c, url); err == nil {
			return nil
		}
		sleep(time.Duration(i+1) * time.Second) // want `sleep, which waits with time.Sleep, in retry loop ignores cancellation of ctx`
	}
	return errGaveUp
}

func backoffWait(ctx context.Context, c *http.Client, url string) error {
	b := &waitlib.Backoff{Base: 100 * time.Millisecond}
	for i := 0; i < 5; i++ {
		if err := get(ctx, c, url); err == nil {
			return nil
		}
		b.Wait() // want `Wait, which waits with time.Sleep, in retry loop ignores cancellation of ctx`
	}
	return errGaveUp
}

func libSleep(ctx context.Context, c *http.Client, url string) error {
	for i := 0; i < 5; i++ {
		if err := get(ctx, c, url); err == nil {
			return nil
		}
		waitlib.Sleep(time.Second) // want `Sleep, which waits with time.Sleep, in retry loop ignores cancellation of ctx`
	}
	return errGaveUp
}

// pause computes its delay from the attempt.
func pause(attempt int) { // want pause:`waits\(\$time.Duration\(\(\$0\) \+ 1\) \* \$time.Second\)`
	time.Sleep(time.Duration(attempt+1) * time.Second)
}

func computedPause(ctx context.Context, c *http.Client, url string) error {
	for i := 0; i < 3; i++ {
		if err := get(ctx, c, url); err == nil {
			return nil
		}
		pause(i) // want `pause, which waits with time.Sleep, in retry loop ignores cancellation of ctx`
	}
	return errGaveUp
}

func libExp(ctx context.Context, c *http.Client, url string) error {
	for attempt := range 4 {
		if err := get(ctx, c, url); err == nil {
			return nil
		}
		waitlib.Exp(attempt) // want `Exp, which waits with time.Sleep, in retry loop ignores cancellation of ctx`
	}
	return errGaveUp
}

// ---- must stay silent ----

// pauseCtx computes its delay and ends with ctx.
func pauseCtx(ctx context.Context, attempt int) error { // want pauseCtx:`ctxquery\(1\)`
	t := time.NewTimer(time.Duration(attempt+1) * time.Second)
	defer t.Stop()
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-t.C:
		return nil
	}
}

func computedPauseCtx(ctx context.Context, c *http.Client, url string) error {
	for i := 0; i < 3; i++ {
		if err := get(ctx, c, url); err == nil {
			return nil
		}
		if err := pauseCtx(ctx, i); err != nil {
			return err
		}
	}
	return errGaveUp
}

// A computed pause between items: iteration, not a retry.
func pacedItems(ctx context.Context, c *http.Client, urls []string) {
	for i, u := range urls {
		if err := get(ctx, c, u); err != nil {
			log.Print(err)
		}
		pause(i)
	}
}

func backoffWaitContext(ctx context.Context, c *http.Client, url string) error {
	b := &waitlib.Backoff{Base: 100 * time.Millisecond}
	for i := 0; i < 5; i++ {
		if err := get(ctx, c, url); err == nil {
			return nil
		}
		if err := b.WaitContext(ctx); err != nil {
			return err
		}
	}
	return errGaveUp
}

// unexportedPath's delay is read through an unexported method of another
// package: the fix could not write it.
func unexportedPath(ctx context.Context, c *http.Client, url string) error {
	b := &waitlib.Backoff{Base: 100 * time.Millisecond}
	for i := 0; i < 5; i++ {
		if err := get(ctx, c, url); err == nil {
			return nil
		}
		b.Pause()
	}
	return errGaveUp
}

func sleepAndLog(d time.Duration) {
	log.Printf("retrying in %v", d)
	time.Sleep(d)
}

// loggedSleep's wait function does more than wait.
func loggedSleep(ctx context.Context, c *http.Client, url string) error {
	for i := 0; i < 3; i++ {
		if err := get(ctx, c, url); err == nil {
			return nil
		}
		sleepAndLog(time.Second)
	}
	return errGaveUp
}

// perItem paces one request per item.
func perItem(ctx context.Context, c *http.Client, urls []string) {
	for _, u := range urls {
		_ = get(ctx, c, u)
		sleep(time.Second)
	}
}
