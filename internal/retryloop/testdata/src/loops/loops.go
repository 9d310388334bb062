package loops

import (
	"context"
	"io"
	"iter"
	"net/http"
	"strings"
	"time"

	"sender"
)

// ---- retry loops ----

func counted(c *http.Client, url string) (*http.Response, error) {
	var lastErr error
	for attempt := 0; attempt < 3; attempt++ { // want `retry loop \(bounded\)`
		resp, err := c.Get(url)
		if err == nil && resp.StatusCode < 500 {
			return resp, nil
		}
		lastErr = err
		time.Sleep(time.Second)
	}
	return nil, lastErr
}

func infinite(ctx context.Context, c *http.Client, url string) (*http.Response, error) {
	for { // want `retry loop \(unbounded\)`
		req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
		if err != nil {
			return nil, err
		}
		resp, err := c.Do(req)
		if err != nil {
			continue
		}
		return resp, nil
	}
}

func rangeInt(url string) error {
	for range 5 { // want `retry loop \(bounded\)`
		if err := sender.Indirect(url); err == nil {
			return nil
		}
	}
	return nil
}

func labelled(c *http.Client, url string) (*http.Response, error) {
outer:
	for i := 0; i < 3; i++ { // want `retry loop \(bounded\)`
		resp, err := sender.Fetch(c, url)
		if err != nil {
			for j := 0; j < 2; j++ {
				if j == 1 {
					continue outer
				}
			}
		}
		return resp, err
	}
	return nil, nil
}

func perAttemptContext(c *http.Client, url string) (*http.Response, error) {
	for attempt := 0; attempt < 3; attempt++ { // want `retry loop \(bounded\)`
		ctx, cancel := context.WithTimeout(context.Background(), time.Second)
		req, _ := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
		resp, err := c.Do(req)
		cancel()
		if err == nil {
			return resp, nil
		}
	}
	return nil, nil
}

func bodyPerAttempt(c *http.Client, url, payload string) error {
	for attempt := 0; attempt < 3; attempt++ { // want `retry loop \(bounded\)`
		body := strings.NewReader(payload)
		resp, err := c.Post(url, "text/plain", body)
		if err == nil {
			return resp.Body.Close()
		}
	}
	return nil
}

func switchContinue(c *http.Client, url string) (*http.Response, error) {
	for attempt := 0; attempt < 3; attempt++ { // want `retry loop \(bounded\)`
		resp, err := c.Get(url)
		if err != nil {
			return nil, err
		}
		switch resp.StatusCode {
		case http.StatusTooManyRequests, http.StatusServiceUnavailable:
			resp.Body.Close()
			continue
		}
		return resp, nil
	}
	return nil, nil
}

func genericRetry[T any](c *http.Client, url string, decode func(io.Reader) (T, error)) (T, error) {
	var zero T
	for attempt := range 3 { // want `retry loop \(bounded\)`
		resp, err := c.Get(url)
		if err != nil {
			_ = attempt
			continue
		}
		defer resp.Body.Close()
		return decode(resp.Body)
	}
	return zero, nil
}

// The request of each branch is made in that branch: the one made in the
// else branch, after the then branch's send in the text, does not follow
// it in any iteration.
func branchRequests(req *http.Request, c *http.Client, timeout time.Duration) (*http.Response, error) {
	for attempt := 0; attempt < 3; attempt++ { // want `retry loop \(bounded\) with 2 send\(s\)`
		var clone *http.Request
		var resp *http.Response
		var err error
		if timeout == 0 {
			clone = req.Clone(req.Context())
			resp, err = c.Do(clone)
		} else {
			ctx, cancel := context.WithTimeout(req.Context(), timeout)
			clone = req.Clone(ctx)
			resp, err = c.Do(clone)
			cancel()
		}
		if err == nil {
			return resp, nil
		}
	}
	return nil, nil
}

// ---- iteration, not retry ----

// The cursor is taken from the response after the send of the same
// branch: the next iteration asks for the next page.
func branchCursor(c *http.Client, base string, fast bool) {
	var resp *http.Response
	var err error
	cursor := ""
	for {
		if fast {
			resp, err = c.Get(base + "?cursor=" + cursor)
			if err != nil {
				return
			}
			cursor = resp.Header.Get("X-Next-Cursor")
		} else {
			resp, err = c.Get(base + "?slow=1&cursor=" + cursor)
			if err != nil {
				return
			}
			cursor = resp.Header.Get("X-Next-Cursor")
		}
		resp.Body.Close()
		if cursor == "" {
			return
		}
	}
}

func perItem(c *http.Client, urls []string) {
	for _, u := range urls {
		resp, err := c.Get(u)
		if err == nil {
			resp.Body.Close()
		}
	}
}

func perIndex(c *http.Client, urls []string) {
	for i := 0; i < len(urls); i++ {
		resp, err := c.Get(urls[i])
		if err == nil {
			resp.Body.Close()
		}
	}
}

func pagination(c *http.Client, base string) {
	cursor := ""
	for {
		resp, err := c.Get(base + "?cursor=" + cursor)
		if err != nil {
			return
		}
		next := resp.Header.Get("X-Next-Cursor")
		resp.Body.Close()
		if next == "" {
			return
		}
		cursor = next
	}
}

func pageNumbers(c *http.Client, base string) {
	page := 1
	for {
		req, _ := http.NewRequest(http.MethodGet, base+"?page="+string(rune('0'+page)), nil)
		resp, err := c.Do(req)
		if err != nil || resp.StatusCode == http.StatusNotFound {
			return
		}
		resp.Body.Close()
		page++
	}
}

func fanOut(c *http.Client, url string) {
	for i := 0; i < 3; i++ {
		go func() {
			resp, err := c.Get(url)
			if err == nil {
				resp.Body.Close()
			}
		}()
	}
}

func pollingNoHTTP(ready func() bool) {
	for !ready() {
		time.Sleep(time.Second)
	}
}

func oneShotInLoop(c *http.Client, url string) (*http.Response, error) {
	for {
		return c.Get(url)
	}
}

func quietHelper(url string) {
	for range 3 {
		_ = sender.Quiet(url)
	}
}

func rangeOverChannel(c *http.Client, urls chan string) {
	for u := range urls {
		if resp, err := c.Get(u); err == nil {
			resp.Body.Close()
		}
	}
}

// A type with a Get method that is not an http.Client.
type cache struct{}

func (cache) Get(string) (string, error) { return "", nil }

func notHTTP(c cache, key string) {
	for range 3 {
		if _, err := c.Get(key); err == nil {
			return
		}
	}
}

func invokedLiteral(c *http.Client, url string) error {
	for attempt := 0; attempt < 3; attempt++ { // want `retry loop \(bounded\)`
		err := func() error {
			resp, err := c.Get(url)
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

func deferredLiteral(c *http.Client, url string) {
	for attempt := 0; attempt < 3; attempt++ {
		defer func() {
			if resp, err := c.Get(url); err == nil {
				resp.Body.Close()
			}
		}()
	}
}

func drainQueue(c *http.Client, queue chan *http.Request) {
	for {
		select {
		case req, open := <-queue:
			if !open {
				return
			}
			if resp, err := c.Do(req); err == nil {
				resp.Body.Close()
			}
		default:
			return
		}
	}
}

func healthCheck(ctx context.Context, c *http.Client, url string, every time.Duration) {
	timer := time.NewTimer(every)
	defer timer.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-timer.C:
			if resp, err := c.Head(url); err == nil {
				resp.Body.Close()
			}
			timer.Reset(every)
		}
	}
}

func retryThenWaitInSelect(ctx context.Context, c *http.Client, url string) (*http.Response, error) {
	for attempt := 0; attempt < 3; attempt++ { // want `retry loop \(bounded\)`
		resp, err := c.Get(url)
		if err == nil {
			return resp, nil
		}
		select {
		case <-ctx.Done():
			return nil, ctx.Err()
		case <-time.After(time.Second):
		}
	}
	return nil, nil
}

// attempts yields the numbers of the attempts of an operation.
func attempts(n int) iter.Seq[int] {
	return func(yield func(int) bool) {
		for i := range n {
			if !yield(i) {
				return
			}
		}
	}
}

// An iterator of attempts whose values go unused repeats the operation.
func attemptIterator(c *http.Client, url string) (*http.Response, error) {
	for range attempts(3) { // want `retry loop \(bounded\)`
		resp, err := c.Get(url)
		if err == nil {
			return resp, nil
		}
	}
	return nil, io.EOF
}

// The URLs an iterator yields are items: iteration.
func rangeOverIterator(c *http.Client, urls iter.Seq[string]) {
	for url := range urls {
		resp, err := c.Get(url)
		if err != nil {
			continue
		}
		resp.Body.Close()
	}
}

// A timeout set up in one branch, the request built in either: the
// assignment in the else branch does not follow the send of the other.
func timeoutInOneBranch(ctx context.Context, c *http.Client, base *http.Request, d time.Duration) (*http.Response, error) {
	for { // want `retry loop \(unbounded\)`
		var req *http.Request
		var resp *http.Response
		var err error
		if d == 0 {
			req = base.WithContext(ctx)
			resp, err = c.Do(req)
		} else {
			tctx, cancel := context.WithTimeout(ctx, d)
			req = base.WithContext(tctx)
			resp, err = c.Do(req)
			cancel()
		}
		if err == nil {
			return resp, nil
		}
	}
}

// A page whose Next sends the request for the page after it.
type page struct {
	c    *http.Client
	next string
}

func (p *page) Next() (*page, error) {
	resp, err := p.c.Get(p.next)
	if err != nil {
		return nil, err
	}
	resp.Body.Close()
	return &page{c: p.c, next: resp.Header.Get("Link")}, nil
}

// The page a send returns is the operand of the next send: pagination.
func allPages(p *page) error {
	var err error
	for err == nil && p.next != "" {
		p, err = p.Next()
	}
	return err
}

// ---- loops written with goto ----

func gotoRetry(c *http.Client, url string) (*http.Response, error) {
	attempt := 0
retry: // want `retry loop \(bounded\) with 1 send\(s\)`
	resp, err := c.Get(url)
	if err != nil && attempt < 3 {
		attempt++
		time.Sleep(time.Second)
		goto retry
	}
	return resp, err
}

func gotoRetryForever(c *http.Client, url string) *http.Response {
again: // want `retry loop \(unbounded\) with 1 send\(s\)`
	resp, err := c.Get(url)
	if err != nil {
		time.Sleep(time.Second)
		goto again
	}
	return resp
}

// A goto forward is not a loop.
func gotoCleanup(c *http.Client, url string) error {
	resp, err := c.Get(url)
	if err != nil {
		goto fail
	}
	resp.Body.Close()
	return nil
fail:
	return err
}

// A goto back that takes the next request of a queue is iteration.
func gotoQueue(c *http.Client, queue chan *http.Request) {
next:
	req, open := <-queue
	if !open {
		return
	}
	if resp, err := c.Do(req); err == nil {
		resp.Body.Close()
	}
	goto next
}

// A goto back over a send after which every path returns cannot repeat
// it.
func gotoBeforeReturn(c *http.Client, url string, again bool) (*http.Response, error) {
start:
	if again {
		again = false
		goto start
	}
	return c.Get(url)
}
