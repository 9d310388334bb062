// Package ifacewrite retries calls of interface methods whose
// implementations post.
package ifacewrite

import (
	"bytes"
	"context"
	"crypto/rand"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"time"

	"example.com/hook"
)

// Sender is implemented in this package.
type Sender interface {
	Send(ctx context.Context, body []byte) error
}

type poster struct{ url string }

func (p poster) Send(ctx context.Context, body []byte) error { // want Send:"write\\(POST\\)"
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, p.url, bytes.NewReader(body))
	if err != nil {
		return err
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return err
	}
	resp.Body.Close()
	if resp.StatusCode >= 500 {
		return fmt.Errorf("status %d", resp.StatusCode)
	}
	return nil
}

// keyedPoster sends one key its caller made.
type keyedPoster struct{ url, key string }

// Stage delivers through a Sender.
type Stage struct {
	s Sender
	n hook.Notifier
}

// deliver posts again after any error: the success returns first.
func (st *Stage) deliver(ctx context.Context, body []byte) error {
	var err error
	for i := 0; i < 5; i++ {
		if err = st.s.Send(ctx, body); err == nil { // want `POST is retried after a transport error without an idempotency key \(poster.Send, which a call of Sender.Send may run, sends it and takes no key\)`
			return nil
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(time.Second):
		}
	}
	return err
}

// notify retries the notifier of another package: the failure handled
// in the if.
func (st *Stage) notify(ctx context.Context, msg string) error {
	for attempt := 0; ; attempt++ {
		if err := st.n.Notify(ctx, msg); err != nil { // want `POST is retried after a transport error without an idempotency key \(hook.Webhook.Notify, which a call of hook.Notifier.Notify may run, sends it and takes no key\)`
			if attempt == 3 {
				return err
			}
			time.Sleep(time.Second)
			continue
		}
		return nil
	}
}

// notifyAssigned assigns the error on a line of its own.
func (st *Stage) notifyAssigned(ctx context.Context, msg string) error {
	var err error
	for range 3 {
		err = st.n.Notify(ctx, msg) // want `POST is retried after a transport error`
		if err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

// deliverGuarded hands a transport error back: silent.
func (st *Stage) deliverGuarded(ctx context.Context, body []byte) error {
	var err error
	for i := 0; i < 5; i++ {
		err = st.s.Send(ctx, body)
		if urlErr := (*url.Error)(nil); errors.As(err, &urlErr) {
			return err
		}
		if err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

// fanOut sends each body once: iteration, silent.
func (st *Stage) fanOut(ctx context.Context, bodies [][]byte) error {
	for _, b := range bodies {
		if err := st.s.Send(ctx, b); err != nil {
			return err
		}
	}
	return nil
}

// Getter is implemented by a reader.
type Getter interface {
	Get(ctx context.Context, path string) error
}

type reader struct{ base string }

func (r reader) Get(ctx context.Context, path string) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, r.base+path, nil)
	if err != nil {
		return err
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// fetch retries a GET through an interface: silent.
func fetch(ctx context.Context, g Getter) error {
	var err error
	for range 3 {
		if err = g.Get(ctx, "/status"); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

// Keyed is implemented with a key on every request.
type Keyed interface {
	Put(ctx context.Context, body []byte) error
}

func (p keyedPoster) Put(ctx context.Context, body []byte) error { // want Put:"write\\(POST keyed\\)"
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, p.url, bytes.NewReader(body))
	if err != nil {
		return err
	}
	req.Header.Set("Idempotency-Key", p.key)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// store retries a keyed write: silent.
func store(ctx context.Context, k Keyed, body []byte) error {
	var err error
	for range 3 {
		if err = k.Put(ctx, body); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

// Issuer is implemented by each certificate authority.
type Issuer interface {
	Issue(ctx context.Context, csr []byte) ([]byte, error)
}

type acme struct{ url string }

func (a acme) Issue(ctx context.Context, csr []byte) ([]byte, error) { // want Issue:"write\\(POST\\)"
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, a.url+"/new-order", bytes.NewReader(csr))
	if err != nil {
		return nil, err
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	return nil, nil
}

// obtain tries each issuer in turn, as a chain of providers does: each
// implementation is tried once, iteration, silent.
func obtain(ctx context.Context, issuers []Issuer, csr []byte) ([]byte, error) {
	var err error
	for _, is := range issuers {
		var cert []byte
		cert, err = is.Issue(ctx, csr)
		if err == nil {
			return cert, nil
		}
	}
	return nil, err
}

// Doer sends a request.
type Doer interface {
	Do(*http.Request) (*http.Response, error)
}

// createInvoice sends the same POST through a fallback client after a
// transport error: a failover of one request, not a chain of operations.
func createInvoice(ctx context.Context, doers []Doer, url string, body []byte) (*http.Response, error) {
	var lastErr error
	for _, d := range doers {
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, url, bytes.NewReader(body))
		if err != nil {
			return nil, err
		}
		resp, err := d.Do(req) // want `POST is retried after a transport error without an idempotency key`
		if err != nil {
			lastErr = err
			continue
		}
		return resp, nil
	}
	return nil, lastErr
}

// Publisher posts events to the URL it is given.
type Publisher interface {
	Publish(ctx context.Context, url string, body []byte) error
}

type publisher struct{}

func (publisher) Publish(ctx context.Context, url string, body []byte) error { // want Publish:"write\\(POST\\)"
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, url, bytes.NewReader(body))
	if err != nil {
		return err
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// publishTo has a parameter named url: the guard imports net/url under
// another name.
func publishTo(ctx context.Context, p Publisher, url string, body []byte) error {
	var err error
	for range 3 {
		if err = p.Publish(ctx, url, body); err == nil { // want `POST is retried after a transport error without an idempotency key \(publisher.Publish, which a call of Publisher.Publish may run`
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

// publishScoped declares the error in the if: the guard is its else
// branch.
func publishScoped(ctx context.Context, p Publisher, target string, body []byte) error {
	for {
		if err := p.Publish(ctx, target, body); err == nil { // want `POST is retried after a transport error`
			return nil
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(time.Second):
		}
	}
}

// page returns nothing: the guard returns.
func page(ctx context.Context, p Publisher, target string, body []byte) {
	for attempt := 1; attempt <= 5; attempt++ {
		err := p.Publish(ctx, target, body) // want `POST is retried after a transport error`
		if err == nil {
			return
		}
		time.Sleep(time.Second)
	}
}

// Flat's implementation folds the error into its own with %v: the fix
// makes it %w (the same text), so that the guard at the call sees the
// transport error.
type Flat interface {
	Push(ctx context.Context, body []byte) error
}

type flatPoster struct{ url string }

func (f flatPoster) Push(ctx context.Context, body []byte) error { // want Push:"write\\(POST\\)"
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, f.url, bytes.NewReader(body))
	if err != nil {
		return err
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return fmt.Errorf("push failed: %v", err)
	}
	return resp.Body.Close()
}

func push(ctx context.Context, f Flat, body []byte) error {
	var err error
	for range 3 {
		if err = f.Push(ctx, body); err == nil { // want `POST is retried after a transport error without an idempotency key \(flatPoster.Push, which a call of Flat.Push may run, sends it and takes no key\)`
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

// Recorder's implementation makes a new key on every call, so every
// attempt carries another.
type Recorder interface {
	Record(ctx context.Context, body []byte) error
}

type freshPoster struct{ url string }

func (f freshPoster) Record(ctx context.Context, body []byte) error { // want Record:"write\\(POST keyed fresh\\)"
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, f.url, bytes.NewReader(body))
	if err != nil {
		return err
	}
	req.Header.Set("Idempotency-Key", rand.Text())
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

func record(ctx context.Context, r Recorder, body []byte) error {
	var err error
	for range 3 {
		if err = r.Record(ctx, body); err == nil { // want `POST is retried after a transport error without an idempotency key \(freshPoster.Record, which a call of Recorder.Record may run, sends it with a key it makes anew on every call\)`
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

// ErrThrottled is what charger returns for a 429.
var ErrThrottled = errors.New("throttled")

// Charger's implementation hands a transport error back as it is.
type Charger interface {
	Charge(ctx context.Context, cents int) error
}

type charger struct{ base string }

func (a charger) Charge(ctx context.Context, cents int) error { // want Charge:"write\\(POST\\)"
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, a.base+"/charges", nil)
	if err != nil {
		return err
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	if resp.StatusCode == http.StatusTooManyRequests {
		return ErrThrottled
	}
	if resp.StatusCode >= 300 {
		return fmt.Errorf("charge: %d", resp.StatusCode)
	}
	return nil
}

// pay retries only a 429, a definite refusal: silent.
func pay(ctx context.Context, c Charger, cents int) error {
	for attempt := 0; ; attempt++ {
		err := c.Charge(ctx, cents)
		if !errors.Is(err, ErrThrottled) || attempt == 3 {
			return err
		}
		time.Sleep(2 * time.Second)
	}
}

var _ = []any{poster{}, keyedPoster{}, reader{}, acme{}, publisher{}, flatPoster{}, freshPoster{}, charger{}}
