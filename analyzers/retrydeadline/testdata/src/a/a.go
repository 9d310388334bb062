package a

import (
	"context"
	"errors"
	"net/http"
	"time"
)

const perTry = 10 * time.Second

// ---- must flag ----

func counted(c *http.Client, url string) (*http.Response, error) {
	var lastErr error
	for attempt := 0; attempt < 5; attempt++ {
		ctx, cancel := context.WithTimeout(context.Background(), perTry) // want `per-attempt timeout \(context.WithTimeout\) inside retry loop but no overall deadline \(the attempts plus the waits`
		req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
		if err != nil {
			cancel()
			return nil, err
		}
		resp, err := c.Do(req)
		cancel()
		if err == nil {
			return resp, nil
		}
		lastErr = err
		time.Sleep(time.Second)
	}
	return nil, lastErr
}

func infinite(c *http.Client, url string) *http.Response {
	for {
		ctx, cancel := context.WithTimeout(context.TODO(), 2*time.Second) // want `per-attempt timeout \(context.WithTimeout\) inside retry loop but no overall deadline \(attempts and sleeps are unbounded\)`
		req, _ := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
		resp, err := c.Do(req)
		cancel()
		if err == nil {
			return resp
		}
	}
}

var errCause = errors.New("attempt took too long")

func rangeCause(c *http.Client, url string) (*http.Response, error) {
	for range 3 {
		ctx, cancel := context.WithTimeoutCause(context.Background(), perTry, errCause) // want `per-attempt timeout \(context.WithTimeoutCause\)`
		req, _ := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
		resp, err := c.Do(req)
		cancel()
		if err == nil {
			return resp, nil
		}
	}
	return nil, errors.New("gave up")
}

func labelledDeadline(c *http.Client, url string) (*http.Response, error) {
retry:
	for attempt := 0; attempt <= 2; attempt++ {
		ctx, cancel := context.WithDeadline(context.Background(), time.Now().Add(perTry)) // want `per-attempt timeout \(context.WithDeadline\)`
		req, _ := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
		resp, err := c.Do(req)
		cancel()
		if err != nil {
			for i := 0; i < 2; i++ {
				if i == 1 {
					continue retry
				}
			}
		}
		return resp, err
	}
	return nil, nil
}

func derivedWithoutDeadline(c *http.Client, url string) (*http.Response, error) {
	base, stop := context.WithCancel(context.Background())
	defer stop()
	for attempt := 0; attempt < 3; attempt++ {
		ctx, cancel := context.WithTimeout(base, perTry) // want `per-attempt timeout \(context.WithTimeout\)`
		req, _ := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
		resp, err := c.Do(req)
		cancel()
		if err == nil {
			return resp, nil
		}
	}
	return nil, nil
}

func withoutCancel(ctx context.Context, c *http.Client, url string) (*http.Response, error) {
	detached := context.WithoutCancel(ctx)
	for attempt := 0; attempt < 3; attempt++ {
		actx, cancel := context.WithTimeout(detached, perTry) // want `per-attempt timeout \(context.WithTimeout\)`
		req, _ := http.NewRequestWithContext(actx, http.MethodGet, url, nil)
		resp, err := c.Do(req)
		cancel()
		if err == nil {
			return resp, nil
		}
	}
	return nil, nil
}

func closurePerAttempt(c *http.Client, url string) error {
	for attempt := 0; attempt < 3; attempt++ {
		err := func() error {
			ctx, cancel := context.WithTimeout(context.Background(), perTry) // want `per-attempt timeout \(context.WithTimeout\)`
			defer cancel()
			req, _ := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
			resp, err := c.Do(req)
			if err != nil {
				return err
			}
			return resp.Body.Close()
		}()
		if err == nil {
			return nil
		}
	}
	return nil
}

func generic[T any](c *http.Client, url string, decode func(*http.Response) (T, error), maxAttempts int) (T, error) {
	var zero T
	for i := 0; i < maxAttempts; i++ {
		ctx, cancel := context.WithTimeout(context.Background(), perTry) // want `per-attempt timeout \(context.WithTimeout\)`
		req, _ := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
		resp, err := c.Do(req)
		if err != nil {
			cancel()
			continue
		}
		v, err := decode(resp)
		cancel()
		return v, err
	}
	return zero, errors.New("gave up")
}

func clientTimeout(url string) (*http.Response, error) {
	client := &http.Client{Timeout: 5 * time.Second}
	for attempt := 0; attempt < 3; attempt++ {
		req, err := http.NewRequest(http.MethodGet, url, nil)
		if err != nil {
			return nil, err
		}
		resp, err := client.Do(req) // want `per-attempt timeout \(http.Client.Timeout\)`
		if err == nil {
			return resp, nil
		}
	}
	return nil, errors.New("gave up")
}

func fetchOnce(url string) error {
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Second)
	defer cancel()
	req, _ := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

func viaLocalHelper(url string) {
	for {
		if fetchOnce(url) == nil { // want `per-attempt timeout \(made by fetchOnce\) inside retry loop but no overall deadline \(attempts and sleeps are unbounded\)`
			return
		}
	}
}

func sleepIgnoresCtx(ctx context.Context, c *http.Client, url string) (*http.Response, error) {
	for attempt := 0; attempt < 3; attempt++ {
		req, _ := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
		resp, err := c.Do(req)
		if err == nil {
			return resp, nil
		}
		time.Sleep(time.Duration(attempt) * time.Second) // want `time.Sleep in retry loop ignores cancellation of ctx`
	}
	return nil, errors.New("gave up")
}

func afterIgnoresCtx(ctx context.Context, c *http.Client, url string) *http.Response {
	for {
		req, _ := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
		resp, err := c.Do(req)
		if err == nil {
			return resp
		}
		<-time.After(time.Second) // want `<-time.After in retry loop ignores cancellation of ctx`
	}
}

func sleepInLiteral(ctx context.Context, c *http.Client, url string) {
	do := func() bool {
		for range 3 {
			req, _ := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
			if resp, err := c.Do(req); err == nil {
				resp.Body.Close()
				return true
			}
			time.Sleep(time.Second) // want `time.Sleep in retry loop ignores cancellation of ctx`
		}
		return false
	}
	_ = do()
}

// ---- must stay silent ----

func overallBefore(c *http.Client, url string) (*http.Response, error) {
	opCtx, opCancel := context.WithTimeout(context.Background(), time.Minute)
	defer opCancel()
	for attempt := 0; attempt < 3; attempt++ {
		ctx, cancel := context.WithTimeout(opCtx, perTry)
		req, _ := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
		resp, err := c.Do(req)
		cancel()
		if err == nil {
			return resp, nil
		}
	}
	return nil, nil
}

func wallClock(c *http.Client, url string) (*http.Response, error) {
	start := time.Now()
	for time.Since(start) < time.Minute {
		ctx, cancel := context.WithTimeout(context.Background(), perTry)
		req, _ := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
		resp, err := c.Do(req)
		cancel()
		if err == nil {
			return resp, nil
		}
	}
	return nil, nil
}

func deadlineChecked(ctx context.Context, c *http.Client, url string) (*http.Response, error) {
	for {
		if dl, ok := ctx.Deadline(); ok && time.Until(dl) < perTry {
			return nil, errors.New("retry budget exhausted")
		}
		req, _ := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
		resp, err := c.Do(req)
		if err == nil {
			return resp, nil
		}
	}
}

func selectWait(ctx context.Context, c *http.Client, url string) (*http.Response, error) {
	for attempt := 0; attempt < 3; attempt++ {
		req, _ := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
		resp, err := c.Do(req)
		if err == nil {
			return resp, nil
		}
		t := time.NewTimer(time.Second)
		select {
		case <-ctx.Done():
			t.Stop()
			return nil, ctx.Err()
		case <-t.C:
		}
	}
	return nil, nil
}

func perItem(c *http.Client, urls []string) {
	for _, u := range urls {
		ctx, cancel := context.WithTimeout(context.Background(), perTry)
		req, _ := http.NewRequestWithContext(ctx, http.MethodGet, u, nil)
		if resp, err := c.Do(req); err == nil {
			resp.Body.Close()
		}
		cancel()
	}
}

func pagination(c *http.Client, base string) {
	cursor := ""
	for {
		ctx, cancel := context.WithTimeout(context.Background(), perTry)
		req, _ := http.NewRequestWithContext(ctx, http.MethodGet, base+"?cursor="+cursor, nil)
		resp, err := c.Do(req)
		cancel()
		if err != nil {
			return
		}
		next := resp.Header.Get("X-Next")
		resp.Body.Close()
		if next == "" {
			return
		}
		cursor = next
	}
}

func pollNoHTTP(ctx context.Context, ready func() bool) {
	for !ready() {
		time.Sleep(time.Second)
	}
}

func sleepNoContext(c *http.Client, url string) *http.Response {
	for attempt := 0; attempt < 3; attempt++ {
		resp, err := c.Get(url)
		if err == nil {
			return resp
		}
		time.Sleep(time.Second)
	}
	return nil
}

func clientNoTimeout(url string) (*http.Response, error) {
	client := &http.Client{}
	for attempt := 0; attempt < 3; attempt++ {
		req, _ := http.NewRequest(http.MethodGet, url, nil)
		resp, err := client.Do(req)
		if err == nil {
			return resp, nil
		}
	}
	return nil, nil
}

type service struct {
	ctx    context.Context
	client *http.Client
}

func (s *service) fromField(url string) (*http.Response, error) {
	for attempt := 0; attempt < 3; attempt++ {
		ctx, cancel := context.WithTimeout(s.ctx, perTry)
		req, _ := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
		resp, err := s.client.Do(req)
		cancel()
		if err == nil {
			return resp, nil
		}
	}
	return nil, nil
}

func fanOut(c *http.Client, url string) {
	for i := 0; i < 3; i++ {
		go func() {
			ctx, cancel := context.WithTimeout(context.Background(), perTry)
			defer cancel()
			req, _ := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
			if resp, err := c.Do(req); err == nil {
				resp.Body.Close()
			}
		}()
	}
}

func oneShot(c *http.Client, url string) (*http.Response, error) {
	ctx, cancel := context.WithTimeout(context.Background(), perTry)
	defer cancel()
	req, _ := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	return c.Do(req)
}

func returnsEveryPath(c *http.Client, url string) (*http.Response, error) {
	for {
		ctx, cancel := context.WithTimeout(context.Background(), perTry)
		defer cancel()
		req, _ := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
		return c.Do(req)
	}
}

// A sleep beside a context that nothing can cancel loses nothing.
func hammer(c *http.Client, url string) {
	ctx := context.Background()
	for {
		req, _ := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
		resp, err := c.Do(req)
		if err != nil {
			continue
		}
		resp.Body.Close()
		time.Sleep(100 * time.Millisecond)
	}
}

// A program's own context, cancelled only by a defer once the function
// returns, is not cancelled while the loop runs: silent.
func mainLoop(c *http.Client, url string) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	ctx = context.WithValue(ctx, ctxKey{}, "main")
	for {
		req, _ := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
		resp, err := c.Do(req)
		if err != nil {
			time.Sleep(time.Second)
			continue
		}
		resp.Body.Close()
		return
	}
}

type ctxKey struct{}

// The same context, cancelled also by a goroutine (on a signal), can end
// while the loop waits.
func signalLoop(c *http.Client, url string, stop <-chan struct{}) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	go func() {
		<-stop
		cancel()
	}()
	for {
		req, _ := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
		resp, err := c.Do(req)
		if err != nil {
			time.Sleep(time.Second) // want `time.Sleep in retry loop ignores cancellation of ctx`
			continue
		}
		resp.Body.Close()
		return
	}
}

// A defer in a goroutine's literal runs when the goroutine returns, at
// any time: the context can end while the loop waits.
func goDeferLoop(c *http.Client, url string, stop <-chan struct{}) {
	ctx, cancel := context.WithCancel(context.Background())
	go func() {
		defer cancel()
		<-stop
	}()
	for {
		req, _ := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
		resp, err := c.Do(req)
		if err != nil {
			time.Sleep(time.Second) // want `time.Sleep in retry loop ignores cancellation of ctx`
			continue
		}
		resp.Body.Close()
		return
	}
}

// A cancel function kept in a field can be called from any method, at
// any time: the context can end while the loop waits.
type worker struct{ stop context.CancelFunc }

func (w *worker) fieldCancelLoop(c *http.Client, url string) {
	ctx, cancel := context.WithCancel(context.Background())
	w.stop = cancel
	defer cancel()
	for {
		req, _ := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
		resp, err := c.Do(req)
		if err != nil {
			time.Sleep(time.Second) // want `time.Sleep in retry loop ignores cancellation of ctx`
			continue
		}
		resp.Body.Close()
		return
	}
}
