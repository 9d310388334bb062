// Package webhook plugs notifiers into the framework, which retries them
// while their verdict asks.
package webhook

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"

	"framework"
)

// Notifier posts a message to a webhook.
type Notifier struct {
	client *http.Client
	url    string
}

// Notify asks for another attempt after a transport error: the POST may
// have been applied.
func (n *Notifier) Notify(ctx context.Context, msg string) framework.Verdict { // want Notify:"write\\(POST\\)"
	resp, err := framework.PostJSON(ctx, n.client, n.url, bytes.NewBufferString(msg)) // want `POST is retried after a transport error without an idempotency key \(the result framework.Retry makes framework.Stage.Exec call Notify again; the write may be applied twice\)`
	if err != nil {
		return framework.Retry(0, err)
	}
	defer resp.Body.Close()
	if resp.StatusCode == http.StatusTooManyRequests {
		return framework.Retry(0, errors.New("throttled"))
	}
	if resp.StatusCode/100 != 2 {
		return framework.Unrecoverable(fmt.Errorf("status %d", resp.StatusCode))
	}
	return framework.Success()
}

// Careful stops after a transport error: silent.
type Careful struct {
	client *http.Client
	url    string
}

// Notify retries only a throttled attempt.
func (n *Careful) Notify(ctx context.Context, msg string) framework.Verdict { // want Notify:"write\\(POST\\)"
	resp, err := framework.PostJSON(ctx, n.client, n.url, bytes.NewBufferString(msg))
	if err != nil {
		return framework.Unrecoverable(err)
	}
	defer resp.Body.Close()
	if resp.StatusCode == http.StatusTooManyRequests {
		return framework.Retry(0, errors.New("throttled"))
	}
	return framework.Success()
}

// Keyed sends one key per message, made by the caller: silent.
type Keyed struct {
	client *http.Client
	url    string
}

// Notify keys the message with its own text: the same key on every attempt.
func (n *Keyed) Notify(ctx context.Context, msg string) framework.Verdict { // want Notify:"write\\(POST keyed\\)"
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, n.url, bytes.NewBufferString(msg))
	if err != nil {
		return framework.Unrecoverable(err)
	}
	req.Header.Set("Idempotency-Key", msg)
	resp, err := n.client.Do(req)
	if err != nil {
		return framework.Retry(0, err)
	}
	resp.Body.Close()
	return framework.Success()
}

// Poster is the older form of a notifier.
type Poster struct {
	client *http.Client
	url    string
}

// Send asks for a retry after a transport error or a 503.
func (p *Poster) Send(ctx context.Context, msg string) (bool, error) { // want Send:"write\\(POST\\)"
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, p.url, bytes.NewBufferString(msg))
	if err != nil {
		return false, err
	}
	resp, err := p.client.Do(req) // want `POST is retried after a transport error without an idempotency key \(a true retry result makes framework.Deliver call Send again; the write may be applied twice\)`
	if err != nil {
		return true, err
	}
	defer resp.Body.Close()
	if resp.StatusCode == http.StatusServiceUnavailable {
		return true, fmt.Errorf("status %d", resp.StatusCode)
	}
	if resp.StatusCode >= 500 {
		return false, fmt.Errorf("status %d", resp.StatusCode)
	}
	return false, nil
}

// Mixed asks for a retry with one return for a transport error, a 500
// and a 503: no fix can stop the first two and keep the third, so it is
// not reported.
type Mixed struct {
	client *http.Client
	url    string
}

// Send asks for a retry after any failure.
func (m *Mixed) Send(ctx context.Context, msg string) (bool, error) { // want Send:"write\\(POST\\)"
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, m.url, bytes.NewBufferString(msg))
	if err != nil {
		return false, err
	}
	resp, err := m.client.Do(req)
	if err == nil {
		defer resp.Body.Close()
		if resp.StatusCode < 500 {
			return false, nil
		}
		err = fmt.Errorf("status %d", resp.StatusCode)
	}
	return true, err
}

// Getter reads: silent.
type Getter struct {
	client *http.Client
	url    string
}

// Send asks for a retry of a GET.
func (g *Getter) Send(ctx context.Context, msg string) (bool, error) {
	resp, err := g.client.Get(g.url + "?q=" + msg)
	if err != nil {
		return true, err
	}
	resp.Body.Close()
	return false, nil
}

// Putter is handed each message once by the framework: silent.
type Putter struct {
	client *http.Client
	url    string
}

// Put posts one message; its flag asks for nothing.
func (p *Putter) Put(ctx context.Context, msg string) (bool, error) { // want Put:"write\\(POST\\)"
	resp, err := framework.PostJSON(ctx, p.client, p.url, bytes.NewBufferString(msg))
	if err != nil {
		return true, err
	}
	resp.Body.Close()
	return true, nil
}

// Split asks for a retry after a transport error in one return, and
// after any failing status in another, which a 503 takes too: the first
// is answered with the stop, the second left as it is.
type Split struct {
	client *http.Client
	url    string
}

// Notify retries a transport error and every failing status.
func (n *Split) Notify(ctx context.Context, msg string) framework.Verdict { // want Notify:"write\\(POST\\)"
	resp, err := framework.PostJSON(ctx, n.client, n.url, bytes.NewBufferString(msg)) // want `POST is retried after a transport error without an idempotency key`
	if err != nil {
		return framework.Retry(0, fmt.Errorf("posting: %w", err))
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return framework.Retry(0, fmt.Errorf("status %d", resp.StatusCode))
	}
	return framework.Success()
}

// Seamed posts through a func field its constructor sets, a seam for
// its tests.
type Seamed struct {
	client *http.Client
	url    string
	post   func(ctx context.Context, c *http.Client, url string, body io.Reader) (*http.Response, error)
}

// NewSeamed posts with framework.PostJSON.
func NewSeamed(c *http.Client, url string) *Seamed {
	return &Seamed{client: c, url: url, post: framework.PostJSON}
}

// Notify asks for another attempt after a transport error.
func (n *Seamed) Notify(ctx context.Context, msg string) framework.Verdict { // want Notify:"write\\(POST\\)"
	resp, err := n.post(ctx, n.client, n.url, bytes.NewBufferString(msg)) // want `POST is retried after a transport error without an idempotency key`
	if err != nil {
		return framework.Retry(0, err)
	}
	resp.Body.Close()
	return framework.Success()
}

// Injected sends through whatever function its user gives it: silent,
// nothing says what it sends.
type Injected struct {
	client *http.Client
	url    string
	Do     func(ctx context.Context, c *http.Client, url string, body io.Reader) (*http.Response, error)
}

// Notify asks for another attempt after a transport error.
func (n *Injected) Notify(ctx context.Context, msg string) framework.Verdict {
	resp, err := n.Do(ctx, n.client, n.url, bytes.NewBufferString(msg))
	if err != nil {
		return framework.Retry(0, err)
	}
	resp.Body.Close()
	return framework.Success()
}

// Poller reads through a copy of its request with the caller's context:
// a GET, silent.
type Poller struct {
	client *http.Client
	url    string
}

// Send asks for a retry after a transport error.
func (p *Poller) Send(ctx context.Context, msg string) (bool, error) {
	req, err := http.NewRequest(http.MethodGet, p.url+"?q="+msg, nil)
	if err != nil {
		return false, err
	}
	resp, err := p.client.Do(req.WithContext(ctx))
	if err != nil {
		return true, err
	}
	resp.Body.Close()
	return false, nil
}

// Threaded posts a message and its reply through one helper whose
// verdict it hands back: the helper answers for Notify.
type Threaded struct {
	client *http.Client
	url    string
}

// Notify posts the message, then its reply when there is one.
func (n *Threaded) Notify(ctx context.Context, msg string) framework.Verdict { // want Notify:"write\\(POST\\)"
	if msg == "" {
		return framework.Success()
	}
	if v := n.post(ctx, msg); v.Err() != nil {
		return v
	}
	return n.post(ctx, msg+" (reply)")
}

// post sends one message.
func (n *Threaded) post(ctx context.Context, msg string) framework.Verdict {
	resp, err := framework.PostJSON(ctx, n.client, n.url, bytes.NewBufferString(msg)) // want `POST is retried after a transport error without an idempotency key \(the result framework.Retry makes framework.Stage.Exec call Notify again; the write may be applied twice\)`
	if err != nil {
		return framework.Retry(0, err)
	}
	resp.Body.Close()
	return framework.Success()
}

// Summarised asks a helper and answers with a verdict of its own: the
// helper's retry is not handed back, so it is not judged as Notify.
type Summarised struct {
	client *http.Client
	url    string
}

// Notify stops after any failure of the helper.
func (n *Summarised) Notify(ctx context.Context, msg string) framework.Verdict { // want Notify:"write\\(POST\\)"
	if v := n.post(ctx, msg); v.Err() != nil {
		return framework.Unrecoverable(v.Err())
	}
	return framework.Success()
}

// post sends one message.
func (n *Summarised) post(ctx context.Context, msg string) framework.Verdict {
	resp, err := framework.PostJSON(ctx, n.client, n.url, bytes.NewBufferString(msg))
	if err != nil {
		return framework.Retry(0, err)
	}
	resp.Body.Close()
	return framework.Success()
}
