// Package split holds writes sent by a function whose signature must stay
// (exported, used as a value, required by an interface) and retried by a
// loop: the fix splits the function into itself and an unexported twin
// that takes the key.
package split

import (
	"bytes"
	"context"
	"fmt"
	"net/http"
)

// ---- must flag ----

// Service is a small API client.
type Service struct {
	client *http.Client
	url    string
}

// WriteBatch posts one batch.
func (s *Service) WriteBatch(ctx context.Context, batch []byte) error { // want WriteBatch:`write\(POST\)`
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, s.url+"/write", bytes.NewReader(batch))
	if err != nil {
		return err
	}
	resp, err := s.client.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	if resp.StatusCode >= 300 {
		return fmt.Errorf("status %d", resp.StatusCode)
	}
	return nil
}

// Write retries the batch: an exported method sends it.
func Write(ctx context.Context, s *Service, batch []byte) error {
	var err error
	for range 3 {
		if err = s.WriteBatch(ctx, batch); err == nil { // want `POST is retried after a transport error without an idempotency key \(WriteBatch sends it\)`
			return nil
		}
	}
	return err
}

// Once calls WriteBatch without retrying: it keeps calling WriteBatch,
// which sends what it sent before.
func Once(ctx context.Context, s *Service, batch []byte) error { // want Once:`write\(POST\)`
	return s.WriteBatch(ctx, batch)
}

// create is taken, so the twin of Create is createWithKey.
func create() {}

// Create posts an order.
func Create(c *http.Client, url string, order []byte) (*http.Response, error) { // want Create:`write\(POST\)`
	req, err := http.NewRequest(http.MethodPost, url, bytes.NewReader(order))
	if err != nil {
		return nil, err
	}
	return c.Do(req)
}

func createOrder(c *http.Client, url string, order []byte) error {
	for attempt := 0; ; attempt++ {
		resp, err := Create(c, url, order) // want `POST is retried after a transport error without an idempotency key \(Create sends it\)`
		if err != nil {
			if attempt < 3 {
				continue
			}
			return err
		}
		return resp.Body.Close()
	}
}

// notify is also used as a value, so its signature must stay.
func notify(c *http.Client, url string, msg []byte) error { // want notify:`write\(POST\)`
	req, err := http.NewRequest(http.MethodPost, url, bytes.NewReader(msg))
	if err != nil {
		return err
	}
	resp, err := c.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

var notifiers = map[string]func(*http.Client, string, []byte) error{"http": notify}

func notifyAll(c *http.Client, url string, msg []byte) error {
	var err error
	for range 2 {
		if err = notify(c, url, msg); err == nil { // want `POST is retried after a transport error without an idempotency key \(notify sends it\)`
			return nil
		}
	}
	return err
}

// poster is an interface that post must go on satisfying.
type poster interface {
	post(body []byte) error
}

type hook struct {
	c   *http.Client
	url string
}

func (h hook) post(body []byte) error {
	req, err := http.NewRequest(http.MethodPost, h.url, bytes.NewReader(body))
	if err != nil {
		return err
	}
	resp, err := h.c.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

var _ poster = hook{}

func deliver(h hook, body []byte) {
	for range 3 {
		if err := h.post(body); err == nil { // want `POST is retried after a transport error without an idempotency key \(post sends it\)`
			return
		}
	}
}

// api.send calls the exported Send, which sends: the chain is split in
// the middle.
type api struct{ s *Service }

func (a api) send(ctx context.Context, b []byte) error {
	return a.s.Send(ctx, b)
}

// Send posts b.
func (s *Service) Send(ctx context.Context, b []byte) error { // want Send:`write\(POST\)`
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, s.url, bytes.NewReader(b))
	if err != nil {
		return err
	}
	resp, err := s.client.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

func (a api) sendAll(ctx context.Context, b []byte) error {
	var err error
	for range 3 {
		if err = a.send(ctx, b); err == nil { // want `POST is retried after a transport error without an idempotency key \(send sends it\)`
			return nil
		}
	}
	return err
}

// ---- must stay silent ----

// One batch per item: iteration, not a retry.
func WriteAll(ctx context.Context, s *Service, batches [][]byte) error {
	for _, b := range batches {
		if err := s.WriteBatch(ctx, b); err != nil {
			return err
		}
	}
	return nil
}

// Charge takes the key from its caller, which makes it once.
func (s *Service) Charge(ctx context.Context, order []byte, key string) error { // want Charge:`write\(POST keyed\)`
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, s.url, bytes.NewReader(order))
	if err != nil {
		return err
	}
	req.Header.Set("Idempotency-Key", key)
	resp, err := s.client.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

func chargeOnce(ctx context.Context, s *Service, order []byte, key string) error {
	var err error
	for range 3 {
		if err = s.Charge(ctx, order, key); err == nil {
			return nil
		}
	}
	return err
}

// form posts with a URL send: the fix rewrites it into a request that
// carries the key.
func (h hook) form(body []byte) error { // want form:`write\(POST\)`
	resp, err := h.c.Post(h.url, "application/json", bytes.NewReader(body))
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

var forms = []func(hook, []byte) error{hook.form}

func submit(h hook, body []byte) error {
	var err error
	for range 3 {
		if err = h.form(body); err == nil { // want `POST is retried after a transport error without an idempotency key \(form sends it\)`
			return nil
		}
	}
	return err
}
