package blindcallee

import (
	"context"
	"net/http"
	"time"

	"blindcallee/retryutil"
	"blindcallee/waitutil"
)

func send(ctx context.Context, c *http.Client, url string) error {
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

func temporary(err error) bool { return err != nil }

var backoff = waitutil.Backoff{Duration: time.Second, Factor: 10, Steps: 3}

// Upload hands Retry an operation assigned to a variable, and returns
// what Retry returns.
func Upload(ctx context.Context, c *http.Client, url string) error {
	try := func() error {
		return send(ctx, c, url)
	}
	return retryutil.Retry(try, temporary, backoff) // want `retry helper retryutil.Retry waits between attempts with no context \(time.Sleep in ExponentialBackoff\), while the operation handed to it uses ctx`
}

// Walk retries inside a function literal, in an if statement's init.
func Walk(ctx context.Context, c *http.Client, urls []string) error {
	each := func(url string) error {
		if err := retryutil.Do(3, time.Second, func() error { // want `retry helper retryutil.Do waits between attempts with no context \(time.Sleep in Do\), while the operation handed to it uses ctx`
			return send(ctx, c, url)
		}); err != nil {
			return err
		}
		return nil
	}
	for _, u := range urls {
		if err := each(u); err != nil {
			return err
		}
	}
	return nil
}

// Fetch's err is a parameter: the variable of the if gets a name of its
// own.
func Fetch(ctx context.Context, c *http.Client, url string, err error) error {
	r := &retryutil.Retrier{Attempts: 3, Pause: time.Second}
	if err := r.Run(func() error { return send(ctx, c, url) }); err != nil { // want `retry helper r.Run waits between attempts with no context \(<-time.After in Run\), while the operation handed to it uses ctx`
		return err
	}
	return err
}

// Silent: the operation uses no context of the caller's.
func NoContext(c *http.Client, url string) error {
	return retryutil.Do(3, time.Second, func() error {
		return send(context.Background(), c, url)
	})
}

// Silent: a context nothing cancels.
func Background(c *http.Client, url string) error {
	ctx := context.Background()
	return retryutil.Do(3, time.Second, func() error {
		return send(ctx, c, url)
	})
}

// Silent: the helper's wait ends with the context.
func WithContext(ctx context.Context, c *http.Client, url string) error {
	return retryutil.DoContext(ctx, 3, time.Second, func() error {
		return send(ctx, c, url)
	})
}

// Silent: the operation writes a variable of the caller's, which a retry
// abandoned on cancellation would keep writing.
func Writes(ctx context.Context, c *http.Client, url string) (int, error) {
	tries := 0
	err := retryutil.Do(3, time.Second, func() error {
		tries++
		return send(ctx, c, url)
	})
	return tries, err
}

// Silent: run in a goroutine, the caller does not wait for it.
func Background2(ctx context.Context, c *http.Client, url string) {
	go func() {
		_ = retryutil.Do(3, time.Second, func() error { return send(ctx, c, url) })
	}()
}
