package recursion

import (
	"bytes"
	"context"
	"errors"
	"io"
	"net/http"
	"net/url"
	"strings"
)

// ---- retries by recursion of a write ----

type transport struct {
	c        *http.Client
	endpoint string
	attempts int
}

// Send posts body, retrying temporary failures.
func (t *transport) Send(body []byte) error { // want Send:`write\(POST\)`
	return t.doSend(body, t.attempts)
}

// doSend calls itself with one retry fewer when post reports a temporary
// failure, which includes a timeout after the POST was written.
func (t *transport) doSend(body []byte, retriesLeft int) error {
	canRetry, err := t.post(body) // want `POST is retried by a call of doSend to itself after a transport error without an idempotency key \(post sends it\)`
	if err != nil {
		if !canRetry || retriesLeft <= 0 {
			return err
		}
		return t.doSend(body, retriesLeft-1)
	}
	return nil
}

func (t *transport) post(body []byte) (bool, error) {
	req, err := http.NewRequest(http.MethodPost, t.endpoint, bytes.NewReader(body))
	if err != nil {
		return false, err
	}
	req.Header.Set("Content-Type", "application/json")
	resp, err := t.c.Do(req)
	if err != nil {
		return true, err
	}
	resp.Body.Close()
	return resp.StatusCode == 429, nil
}

// CreateOrder makes one order, retried by create.
func CreateOrder(ctx context.Context, c *http.Client, url string, order []byte) (*http.Response, error) { // want CreateOrder:`write\(POST\)`
	resp, err := create(ctx, c, url, order, 3)
	return resp, err
}

func create(ctx context.Context, c *http.Client, url string, order []byte, attempts int) (*http.Response, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, url, bytes.NewReader(order))
	if err != nil {
		return nil, err
	}
	resp, err := c.Do(req) // want `POST is retried by a call of create to itself after a transport error without an idempotency key`
	if err != nil {
		if attempts > 1 {
			return create(ctx, c, url, order, attempts-1)
		}
		return nil, err
	}
	if resp.StatusCode >= 500 && attempts > 1 {
		resp.Body.Close()
		return create(ctx, c, url, order, attempts-1)
	}
	return resp, nil
}

// Notify posts a form, retried by notify.
func Notify(url, msg string) error { // want Notify:`write\(POST\)`
	return notify(url, msg, 2)
}

func notify(url, msg string, left int) error {
	resp, err := http.Post(url, "text/plain", strings.NewReader(msg)) // want `POST is retried by a call of notify to itself after a transport error without an idempotency key`
	if err != nil {
		if left == 0 {
			return err
		}
		return notify(url, msg, left-1)
	}
	return resp.Body.Close()
}

// ---- look-alikes that stay silent ----

// Copies makes n copies of an item: it calls itself only after the
// server confirmed the previous one.
func Copies(c *http.Client, url string, item []byte) error { // want Copies:`write\(POST\)`
	return copies(c, url, item, 3)
}

func copies(c *http.Client, url string, item []byte, n int) error {
	req, err := http.NewRequest(http.MethodPost, url, bytes.NewReader(item))
	if err != nil {
		return err
	}
	resp, err := c.Do(req)
	if err != nil {
		return err
	}
	resp.Body.Close()
	if resp.StatusCode == http.StatusCreated && n > 1 {
		return copies(c, url, item, n-1)
	}
	return nil
}

// Throttled retries only a 429, a definite rejection.
func Throttled(c *http.Client, url string, item []byte) error { // want Throttled:`write\(POST\)`
	return throttled(c, url, item, 3)
}

func throttled(c *http.Client, url string, item []byte, n int) error {
	req, err := http.NewRequest(http.MethodPost, url, bytes.NewReader(item))
	if err != nil {
		return err
	}
	resp, err := c.Do(req)
	if err != nil {
		return err
	}
	resp.Body.Close()
	if resp.StatusCode == http.StatusTooManyRequests && n > 1 {
		return throttled(c, url, item, n-1)
	}
	return nil
}

// Keyed hands one key down to every attempt.
func Keyed(c *http.Client, url, key string, item []byte) error { // want Keyed:`write\(POST keyed\)`
	return keyed(c, url, key, item, 3)
}

func keyed(c *http.Client, url, key string, item []byte, n int) error {
	req, err := http.NewRequest(http.MethodPost, url, bytes.NewReader(item))
	if err != nil {
		return err
	}
	req.Header.Set("Idempotency-Key", key)
	resp, err := c.Do(req)
	if err != nil {
		if n > 1 {
			return keyed(c, url, key, item, n-1)
		}
		return err
	}
	return resp.Body.Close()
}

// Fetch retries a GET: not a write.
func Fetch(c *http.Client, url string, n int) (*http.Response, error) {
	resp, err := c.Get(url)
	if err != nil && n > 0 {
		return Fetch(c, url, n-1)
	}
	return resp, err
}

// Upload posts the chunks of a file one after another: each call sends
// another chunk.
func Upload(c *http.Client, url string, chunks [][]byte) error { // want Upload:`write\(POST\)`
	if len(chunks) == 0 {
		return nil
	}
	req, err := http.NewRequest(http.MethodPost, url, bytes.NewReader(chunks[0]))
	if err != nil {
		return err
	}
	resp, err := c.Do(req)
	if err != nil {
		return err
	}
	resp.Body.Close()
	return Upload(c, url, chunks[1:])
}

// Retry is exported: its signature must stay, so the fix moves its body
// to a twin that takes the key, and Retry makes the key for each call.
func Retry(c *http.Client, url string, item []byte, n int) error { // want Retry:`write\(POST\)`
	req, err := http.NewRequest(http.MethodPost, url, bytes.NewReader(item))
	if err != nil {
		return err
	}
	resp, err := c.Do(req) // want `POST is retried by a call of Retry to itself after a transport error without an idempotency key`
	if err != nil {
		if n > 1 {
			return Retry(c, url, item, n-1)
		}
		return err
	}
	return resp.Body.Close()
}

var errGone = errors.New("gone")

// retrying is a transport that re-sends any request by recursion.
type retrying struct{ base http.RoundTripper }

func (t *retrying) RoundTrip(req *http.Request) (*http.Response, error) { // want RoundTrip:`sends\(param 0\)` RoundTrip:`resends\(param 0 after a transport error\)`
	return t.try(req, 3)
}

func (t *retrying) try(req *http.Request, left int) (*http.Response, error) {
	resp, err := t.base.RoundTrip(req) // want `a request of any method is re-sent after a transport error without a check of its method`
	if err != nil && left > 0 {
		return t.try(req, left-1)
	}
	return resp, err
}

// poster's Post is written on one line, where no statement can go before
// its call of post: post is split instead, and makes the key on each call.
type poster struct {
	c   *http.Client
	url string
}

func (p *poster) Post(body []byte) error { return p.post(body, 3) } // want Post:`write\(POST\)`

func (p *poster) post(body []byte, left int) error {
	req, err := http.NewRequest(http.MethodPost, p.url, bytes.NewReader(body))
	if err != nil {
		return err
	}
	resp, err := p.c.Do(req) // want `POST is retried by a call of post to itself after a transport error without an idempotency key`
	if err != nil {
		if left > 0 {
			return p.post(body, left-1)
		}
		return err
	}
	return resp.Body.Close()
}

// session retries a request of any method by recursion after a 502, and
// returns what it read: the answer cannot be handed back as it came, so
// the fix makes a request that may not be replayed count as one with no
// attempt left.
type session struct {
	c          *http.Client
	maxRetries int
}

func (s *session) call(method, url string, b []byte, sequence int) ([]byte, error) {
	req, err := http.NewRequest(method, url, bytes.NewReader(b))
	if err != nil {
		return nil, err
	}
	resp, err := s.c.Do(req) // want `a request of any method is re-sent after status 502 without a check of its method`
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	switch resp.StatusCode {
	case http.StatusOK:
		return io.ReadAll(resp.Body)
	case http.StatusBadGateway:
		if sequence < s.maxRetries {
			return s.call(method, url, b, sequence+1)
		}
	case http.StatusTooManyRequests:
		return s.call(method, url, b, sequence)
	}
	return nil, errors.New(resp.Status)
}

// limited re-sends a request of any method only after a 429, a
// rejection: silent.
func (s *session) limited(method, url string, b []byte) ([]byte, error) {
	req, err := http.NewRequest(method, url, bytes.NewReader(b))
	if err != nil {
		return nil, err
	}
	resp, err := s.c.Do(req)
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	if resp.StatusCode == http.StatusTooManyRequests {
		return s.limited(method, url, b)
	}
	return io.ReadAll(resp.Body)
}

// middleware re-sends a request of any method by a recursion that is
// handed the last response and decides on it before it sends again
// (resend(req, resp, n) { if resp.StatusCode == 504 { ...; return
// resend(req, next, n+1) } }): a POST answered 504 is sent again. The
// guard goes where the recursion decides, at the top of resend, so that
// it stops the first re-send too (RoundTrip makes the first attempt).
type middleware struct{ next http.RoundTripper }

func (m *middleware) RoundTrip(req *http.Request) (*http.Response, error) { // want RoundTrip:`sends\(param 0\)`
	resp, err := m.next.RoundTrip(req)
	if err != nil {
		return resp, err
	}
	return m.resend(req, resp, 0)
}

func (m *middleware) resend(req *http.Request, resp *http.Response, n int) (*http.Response, error) {
	if resp.StatusCode == http.StatusGatewayTimeout && n < 3 {
		resp.Body.Close()
		next, err := m.next.RoundTrip(req) // want `a request of any method is re-sent after status 504`
		if err != nil {
			return next, err
		}
		return m.resend(req, next, n+1)
	}
	return resp, nil
}

// initiate falls back to a plain upload when a mount fails: the
// self-call drops the mount from the query it builds, another request.
// Silent.
func initiate(ctx context.Context, c *http.Client, base, mount string) (string, error) {
	u, err := url.Parse(base + "/blobs/uploads/")
	if err != nil {
		return "", err
	}
	q := url.Values{}
	if mount != "" {
		q.Set("mount", mount)
	}
	u.RawQuery = q.Encode()
	req, err := http.NewRequest(http.MethodPost, u.String(), nil)
	if err != nil {
		return "", err
	}
	resp, err := c.Do(req.WithContext(ctx))
	if err != nil {
		if mount != "" {
			return initiate(ctx, c, base, "")
		}
		return "", err
	}
	defer resp.Body.Close()
	return resp.Header.Get("Location"), nil
}
