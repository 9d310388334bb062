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

// unitSleep's wait functions count in a unit of package time: the fix
// waits for the same duration, written in that unit.
func unitSleep(ctx context.Context, c *http.Client, url string) error {
	for i := 0; i < 5; i++ {
		if err := get(ctx, c, url); err == nil {
			return nil
		}
		if i%2 == 0 {
			waitlib.SleepSeconds(i + 1) // want `SleepSeconds, which waits with time.Sleep, in retry loop ignores cancellation of ctx`
		} else {
			waitlib.SleepMillis(time.Duration(i) + 500) // want `SleepMillis, which waits with time.Sleep, in retry loop ignores cancellation of ctx`
		}
	}
	return errGaveUp
}

// ---- must stay silent ----

func unitSleepContext(ctx context.Context, c *http.Client, url string) error {
	for i := 0; i < 5; i++ {
		if err := get(ctx, c, url); err == nil {
			return nil
		}
		if err := waitlib.SleepSecondsContext(ctx, i+1); err != nil {
			return err
		}
	}
	return errGaveUp
}

// perItemSeconds paces one request per item.
func perItemSeconds(ctx context.Context, c *http.Client, urls []string) {
	for _, u := range urls {
		_ = get(ctx, c, u)
		waitlib.SleepSeconds(1)
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

// loggedSleep's wait function does more than wait: it is no wait
// function, whose call a select replaces, but a wait helper, which the
// fix gives the context (waithelper.go).
func loggedSleep(ctx context.Context, c *http.Client, url string) error {
	for i := 0; i < 3; i++ {
		if err := get(ctx, c, url); err == nil {
			return nil
		}
		sleepAndLog(time.Second) // want `sleepAndLog, which waits with time.Sleep, in retry loop ignores cancellation of ctx`
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
