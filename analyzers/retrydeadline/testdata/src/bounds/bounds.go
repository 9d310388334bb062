package bounds

import (
	"context"
	"errors"
	"log"
	"net/http"
	"time"
)

const perTry = 2 * time.Second

type client struct {
	hc         *http.Client
	MaxRetries int
}

func (c *client) get(ctx context.Context, url string) (*http.Response, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		return nil, err
	}
	return c.hc.Do(req)
}

// ---- the loop's own bound sizes the deadline ----

// i <= n with n not constant: n+1 attempts.
func (c *client) inclusive(url string) (*http.Response, error) {
	for attempt := 0; attempt <= c.MaxRetries; attempt++ {
		ctx, cancel := context.WithTimeout(context.Background(), perTry) // want `per-attempt timeout \(context.WithTimeout\)`
		resp, err := c.get(ctx, url)
		cancel()
		if err == nil {
			return resp, nil
		}
	}
	return nil, errors.New("gave up")
}

// Counting from one to n inclusive: n attempts.
func (c *client) fromOne(url string, maxAttempts int) (*http.Response, error) {
	for attempt := 1; attempt <= maxAttempts; attempt++ {
		ctx, cancel := context.WithTimeout(context.Background(), perTry) // want `per-attempt timeout \(context.WithTimeout\)`
		resp, err := c.get(ctx, url)
		cancel()
		if err == nil {
			return resp, nil
		}
	}
	return nil, errors.New("gave up")
}

// A constant start below a bound that is not: n-k attempts.
func (c *client) fromConstant(url string, n int) (*http.Response, error) {
	for i := 2; i < n; i++ {
		ctx, cancel := context.WithTimeout(context.Background(), perTry) // want `per-attempt timeout \(context.WithTimeout\)`
		resp, err := c.get(ctx, url)
		cancel()
		if err == nil {
			return resp, nil
		}
	}
	return nil, errors.New("gave up")
}

// Both ends are expressions.
func (c *client) between(url string, first, last int) (*http.Response, error) {
	for i := first; i < last+1; i++ {
		ctx, cancel := context.WithTimeout(context.Background(), perTry) // want `per-attempt timeout \(context.WithTimeout\)`
		resp, err := c.get(ctx, url)
		cancel()
		if err == nil {
			return resp, nil
		}
	}
	return nil, errors.New("gave up")
}

// Counting down.
func (c *client) countDown(url string, tries int) (*http.Response, error) {
	for n := tries; n > 0; n-- {
		ctx, cancel := context.WithTimeout(context.Background(), perTry) // want `per-attempt timeout \(context.WithTimeout\)`
		resp, err := c.get(ctx, url)
		cancel()
		if err == nil {
			return resp, nil
		}
	}
	return nil, errors.New("gave up")
}

// A counted exit after the send, in a loop without a condition:
// MaxRetries+1 attempts.
func (c *client) exitAfterSend(url string) (*http.Response, error) {
	for attempt := 0; ; attempt++ {
		ctx, cancel := context.WithTimeout(context.Background(), perTry) // want `per-attempt timeout \(context.WithTimeout\) inside retry loop but no overall deadline \(the attempts plus the waits`
		resp, err := c.get(ctx, url)
		cancel()
		if err == nil {
			return resp, nil
		}
		if attempt == c.MaxRetries {
			return nil, err
		}
		time.Sleep(time.Second)
	}
}

// A counted exit before the send: max attempts.
func (c *client) exitBeforeSend(url string, max int) (resp *http.Response, err error) {
	for attempt := 0; ; attempt++ {
		if attempt >= max {
			break
		}
		ctx, cancel := context.WithTimeout(context.Background(), perTry) // want `per-attempt timeout \(context.WithTimeout\) inside retry loop but no overall deadline \(the attempts plus the waits`
		resp, err = c.get(ctx, url)
		cancel()
		if err == nil {
			return resp, nil
		}
	}
	return nil, err
}

// The counted exit is one of the reasons to leave.
func (c *client) exitEither(url string, max int) (*http.Response, error) {
	for attempt := 0; ; attempt++ {
		ctx, cancel := context.WithTimeout(context.Background(), perTry) // want `per-attempt timeout \(context.WithTimeout\) inside retry loop but no overall deadline \(the attempts plus the waits`
		resp, err := c.get(ctx, url)
		cancel()
		if err == nil || attempt == max {
			return resp, err
		}
	}
}

// A counted exit with a constant bound: 5 attempts.
func (c *client) exitConstant(url string) (*http.Response, error) {
	const maxRetries = 4
	for attempt := 0; ; attempt += 1 {
		ctx, cancel := context.WithTimeout(context.Background(), perTry) // want `per-attempt timeout \(context.WithTimeout\) inside retry loop but no overall deadline \(the attempts plus the waits`
		resp, err := c.get(ctx, url)
		cancel()
		if err == nil {
			return resp, nil
		}
		if maxRetries <= attempt {
			return nil, err
		}
	}
}

// Counting down to an exit before the send.
func (c *client) exitCountDown(url string, tries int) (*http.Response, error) {
	for left := tries; ; left-- {
		if left == 0 {
			return nil, errors.New("gave up")
		}
		ctx, cancel := context.WithTimeout(context.Background(), perTry) // want `per-attempt timeout \(context.WithTimeout\) inside retry loop but no overall deadline \(the attempts plus the waits`
		resp, err := c.get(ctx, url)
		cancel()
		if err == nil {
			return resp, nil
		}
	}
}

// Go 1.22 integer range over a parameter.
func (c *client) rangeInt(url string, tries int) (*http.Response, error) {
	for i := range tries {
		ctx, cancel := context.WithTimeout(context.Background(), perTry) // want `per-attempt timeout \(context.WithTimeout\)`
		resp, err := c.get(ctx, url)
		cancel()
		if err == nil {
			return resp, nil
		}
		log.Printf("attempt %d failed", i)
	}
	return nil, errors.New("gave up")
}

// A retries counter moved in the body and tested in the condition.
func (c *client) retriesCond(url string, max int) (*http.Response, error) {
	retries := 0
	for retries < max {
		ctx, cancel := context.WithTimeout(context.Background(), perTry) // want `per-attempt timeout \(context.WithTimeout\)`
		resp, err := c.get(ctx, url)
		cancel()
		if err == nil {
			return resp, nil
		}
		retries++
	}
	return nil, errors.New("gave up")
}

// A retries counter moved in the body and tested after it: max+1
// attempts.
func (c *client) retriesExit(url string, max int) (*http.Response, error) {
	var retries int
	for {
		ctx, cancel := context.WithTimeout(context.Background(), perTry) // want `per-attempt timeout \(context.WithTimeout\) inside retry loop but no overall deadline \(the attempts plus the waits`
		resp, err := c.get(ctx, url)
		cancel()
		if err == nil {
			return resp, nil
		}
		retries++
		if retries > max {
			return nil, err
		}
	}
}

// ---- look-alikes: no bound at hand, the -attempts value is used ----

// The counter is compared, but the comparison does not leave the loop.
func (c *client) notTheExit(url string) *http.Response {
	for attempt := 0; ; attempt++ {
		ctx, cancel := context.WithTimeout(context.Background(), perTry) // want `per-attempt timeout \(context.WithTimeout\) inside retry loop but no overall deadline \(attempts and sleeps are unbounded\)`
		resp, err := c.get(ctx, url)
		cancel()
		if err == nil {
			return resp
		}
		if attempt == 5 {
			log.Print("slow server")
		}
	}
}

// The exit is skipped by a continue.
func (c *client) exitSkipped(url string, max int) (*http.Response, error) {
	for attempt := 0; ; attempt++ {
		ctx, cancel := context.WithTimeout(context.Background(), perTry) // want `per-attempt timeout \(context.WithTimeout\) inside retry loop but no overall deadline \(attempts and sleeps are unbounded\)`
		resp, err := c.get(ctx, url)
		cancel()
		if err != nil {
			continue
		}
		if attempt == max {
			return resp, err
		}
	}
}

// The counter counts failures of one kind, not attempts.
func (c *client) notEveryAttempt(url string, max int) (*http.Response, error) {
	failures := 0
	for {
		ctx, cancel := context.WithTimeout(context.Background(), perTry) // want `per-attempt timeout \(context.WithTimeout\) inside retry loop but no overall deadline \(attempts and sleeps are unbounded\)`
		resp, err := c.get(ctx, url)
		cancel()
		if err == nil {
			return resp, nil
		}
		if errors.Is(err, context.DeadlineExceeded) {
			failures++
		}
		if failures > max {
			return nil, err
		}
	}
}

// The bound is assigned inside the loop.
func (c *client) boundAssigned(url string) (*http.Response, error) {
	limit := 2
	for attempt := 0; attempt < limit; attempt++ {
		ctx, cancel := context.WithTimeout(context.Background(), perTry) // want `per-attempt timeout \(context.WithTimeout\)`
		resp, err := c.get(ctx, url)
		cancel()
		if err == nil {
			if resp.StatusCode == http.StatusTooManyRequests {
				limit = 10
				continue
			}
			return resp, nil
		}
	}
	return nil, errors.New("gave up")
}

// The bound field is assigned inside the loop.
func (c *client) fieldAssigned(url string) (*http.Response, error) {
	for attempt := 0; attempt <= c.MaxRetries; attempt++ {
		ctx, cancel := context.WithTimeout(context.Background(), perTry) // want `per-attempt timeout \(context.WithTimeout\)`
		resp, err := c.get(ctx, url)
		cancel()
		if err == nil {
			return resp, nil
		}
		c.MaxRetries--
	}
	return nil, errors.New("gave up")
}

var calls int

func nextLimit() int {
	calls++
	return calls
}

// The bound is a call with side effects.
func (c *client) boundCall(url string) (*http.Response, error) {
	for attempt := 0; attempt < nextLimit(); attempt++ {
		ctx, cancel := context.WithTimeout(context.Background(), perTry) // want `per-attempt timeout \(context.WithTimeout\)`
		resp, err := c.get(ctx, url)
		cancel()
		if err == nil {
			return resp, nil
		}
	}
	return nil, errors.New("gave up")
}

// The counter is also reset in the body.
func (c *client) counterReset(url string, max int) (*http.Response, error) {
	for attempt := 0; attempt < max; attempt++ {
		ctx, cancel := context.WithTimeout(context.Background(), perTry) // want `per-attempt timeout \(context.WithTimeout\)`
		resp, err := c.get(ctx, url)
		cancel()
		if err == nil {
			if resp.StatusCode == http.StatusServiceUnavailable {
				attempt = 0
				continue
			}
			return resp, nil
		}
	}
	return nil, errors.New("gave up")
}

// The counter moves away from the bound: the comparison never ends it.
func (c *client) wrongWay(url string, max int) *http.Response {
	for attempt := 0; ; attempt++ {
		ctx, cancel := context.WithTimeout(context.Background(), perTry) // want `per-attempt timeout \(context.WithTimeout\) inside retry loop but no overall deadline \(attempts and sleeps are unbounded\)`
		resp, err := c.get(ctx, url)
		cancel()
		if err == nil {
			return resp
		}
		if attempt < -max {
			return nil
		}
	}
}

// The counter in the condition moves only on some iterations.
func (c *client) condSometimes(url string, max int) (*http.Response, error) {
	failures := 0
	for failures < max {
		ctx, cancel := context.WithTimeout(context.Background(), perTry) // want `per-attempt timeout \(context.WithTimeout\)`
		resp, err := c.get(ctx, url)
		cancel()
		if err == nil {
			return resp, nil
		}
		if errors.Is(err, context.DeadlineExceeded) {
			failures++
		}
	}
	return nil, errors.New("gave up")
}

// The exit is tested first, the counter moved only on some iterations.
func (c *client) exitThenSometimes(url string, max int) (*http.Response, error) {
	failures := 0
	for {
		if failures > max {
			return nil, errors.New("gave up")
		}
		ctx, cancel := context.WithTimeout(context.Background(), perTry) // want `per-attempt timeout \(context.WithTimeout\) inside retry loop but no overall deadline \(attempts and sleeps are unbounded\)`
		resp, err := c.get(ctx, url)
		cancel()
		if err == nil {
			return resp, nil
		}
		if errors.Is(err, context.DeadlineExceeded) {
			failures++
		}
	}
}
