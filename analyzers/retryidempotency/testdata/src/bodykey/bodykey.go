// Package bodykey sends writes whose idempotency key travels in the body:
// the APIs deduplicate on a field of the payload.
package bodykey

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/json"
	"errors"
	"net/http"
	"net/url"
	"strings"
	"time"

	"bodykey/payload"
	"framework"
)

// Incident posts an incident whose entity_id (the group's hash) is the
// same on every attempt: the framework's retry is deduplicated. Silent.
type Incident struct {
	client *http.Client
	url    string
}

// Notify implements the framework's notifier.
func (n *Incident) Notify(ctx context.Context, msg string) framework.Verdict { // want Notify:"write\\(POST keyed\\)"
	buf, err := n.payload(msg)
	if err != nil {
		return framework.Unrecoverable(err)
	}
	resp, err := framework.PostJSON(ctx, n.client, n.url, buf)
	if err != nil {
		return framework.Retry(0, err)
	}
	resp.Body.Close()
	return framework.Success()
}

func (n *Incident) payload(group string) (*bytes.Buffer, error) {
	msg := map[string]string{
		"message_type": "CRITICAL",
		"entity_id":    hash(group),
	}
	var buf bytes.Buffer
	if err := json.NewEncoder(&buf).Encode(msg); err != nil {
		return nil, err
	}
	return &buf, nil
}

func hash(s string) string { return strings.ToLower(s) }

// Event posts an event whose struct carries its dedup key, encoded by a
// helper. Silent.
type Event struct {
	client *http.Client
	url    string
}

type event struct {
	RoutingKey string `json:"routing_key"`
	DedupKey   string `json:"dedup_key,omitempty"`
}

// Notify implements the framework's notifier.
func (n *Event) Notify(ctx context.Context, msg string) framework.Verdict { // want Notify:"write\\(POST keyed\\)"
	ev := &event{RoutingKey: "rk", DedupKey: hash(msg)}
	body, err := n.encode(ev)
	if err != nil {
		return framework.Unrecoverable(err)
	}
	resp, err := framework.PostJSON(ctx, n.client, n.url, &body)
	if err != nil {
		return framework.Retry(0, err)
	}
	resp.Body.Close()
	return framework.Success()
}

func (n *Event) encode(ev *event) (bytes.Buffer, error) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	if err := enc.Encode(ev); err != nil {
		return buf, err
	}
	return buf, nil
}

// Plain posts a payload without a key field: the framework retries the
// POST after a transport error. Reported.
type Plain struct {
	client *http.Client
	url    string
}

// Notify implements the framework's notifier.
func (n *Plain) Notify(ctx context.Context, msg string) framework.Verdict { // want Notify:"write\\(POST\\)"
	b, err := json.Marshal(map[string]string{"text": msg, "entity": hash(msg)})
	if err != nil {
		return framework.Unrecoverable(err)
	}
	resp, err := framework.PostJSON(ctx, n.client, n.url, bytes.NewReader(b)) // want `POST is retried after a transport error without an idempotency key \(the result framework.Retry makes framework.Stage.Exec call Notify again; the write may be applied twice\)`
	if err != nil {
		return framework.Retry(0, err)
	}
	resp.Body.Close()
	return framework.Success()
}

type order struct {
	IdempotencyKey string `json:"idempotency_key"`
	Amount         int    `json:"amount"`
}

// PlaceOrder retries a POST whose body carries the caller's order id as
// its idempotency key, encoded once: silent.
func PlaceOrder(ctx context.Context, c *http.Client, u, id string) error {
	body, err := json.Marshal(order{IdempotencyKey: id, Amount: 5})
	if err != nil {
		return err
	}
	for attempt := 0; attempt < 3; attempt++ {
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, u, bytes.NewReader(body))
		if err != nil {
			return err
		}
		resp, err := c.Do(req)
		if err != nil {
			time.Sleep(time.Second)
			continue
		}
		resp.Body.Close()
		return nil
	}
	return errors.New("gave up")
}

// Charge stores the key into the body's struct before encoding it, in the
// loop: the same key on every attempt. Silent.
func Charge(ctx context.Context, c *http.Client, u, id string) error {
	for attempt := 0; attempt < 3; attempt++ {
		var o order
		o.Amount = 5
		o.IdempotencyKey = id
		body, _ := json.Marshal(o)
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, u, bytes.NewReader(body))
		if err != nil {
			return err
		}
		resp, err := c.Do(req)
		if err != nil {
			continue
		}
		resp.Body.Close()
		return nil
	}
	return errors.New("gave up")
}

// Token posts a form whose client_token is the caller's: silent.
func Token(ctx context.Context, c *http.Client, u, tok string) error {
	form := url.Values{}
	form.Set("name", "vm-1")
	form.Set("client_token", tok)
	for range 3 {
		resp, err := c.PostForm(u, form)
		if err != nil {
			continue
		}
		resp.Body.Close()
		return nil
	}
	return errors.New("gave up")
}

// Alert posts an alert built and encoded by another package, keyed by
// its group: silent.
func Alert(ctx context.Context, c *http.Client, u, group string) error {
	b, err := payload.Encode(payload.For(group, "disk full"))
	if err != nil {
		return err
	}
	for range 3 {
		resp, err := c.Post(u, "application/json", bytes.NewReader(b))
		if err != nil {
			continue
		}
		resp.Body.Close()
		return nil
	}
	return errors.New("gave up")
}

// Note posts a note of another package, which has no key: reported.
func Note(ctx context.Context, c *http.Client, u, text string) error {
	b, err := payload.Encode(payload.Note{Summary: text})
	if err != nil {
		return err
	}
	for range 3 {
		resp, err := c.Post(u, "application/json", bytes.NewReader(b)) // want `POST is retried after a transport error without an idempotency key`
		if err != nil {
			continue
		}
		resp.Body.Close()
		return nil
	}
	return errors.New("gave up")
}

// Fresh makes the body's key anew on every attempt, which defeats the
// deduplication: reported.
func Fresh(ctx context.Context, c *http.Client, u string) error {
	for attempt := 0; attempt < 3; attempt++ {
		body, _ := json.Marshal(order{IdempotencyKey: rand.Text(), Amount: 5})
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, u, bytes.NewReader(body))
		if err != nil {
			return err
		}
		resp, err := c.Do(req) // want `POST is retried after a transport error without an idempotency key`
		if err != nil {
			continue
		}
		resp.Body.Close()
		return nil
	}
	return errors.New("gave up")
}

// Empty sends an empty key, which keys nothing: reported.
func Empty(ctx context.Context, c *http.Client, u string) error {
	body, _ := json.Marshal(map[string]any{"idempotency_key": "", "amount": 5})
	for attempt := 0; attempt < 3; attempt++ {
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, u, bytes.NewReader(body))
		if err != nil {
			return err
		}
		resp, err := c.Do(req) // want `POST is retried after a transport error without an idempotency key`
		if err != nil {
			continue
		}
		resp.Body.Close()
		return nil
	}
	return errors.New("gave up")
}

func newOrder(key string, amount int) order {
	return order{IdempotencyKey: key, Amount: amount}
}

// Rebuilt builds the body with a helper that takes the key, handed a new
// one on every attempt: reported.
func Rebuilt(ctx context.Context, c *http.Client, u string) error {
	for attempt := 0; attempt < 3; attempt++ {
		body, _ := json.Marshal(newOrder(rand.Text(), 5))
		resp, err := c.Post(u, "application/json", bytes.NewReader(body)) // want `POST is retried after a transport error without an idempotency key`
		if err != nil {
			continue
		}
		resp.Body.Close()
		return nil
	}
	return errors.New("gave up")
}

// Once makes the key before the loop: one for every attempt. Silent.
func Once(ctx context.Context, c *http.Client, u string) error {
	key := rand.Text()
	body, _ := json.Marshal(newOrder(key, 5))
	for attempt := 0; attempt < 3; attempt++ {
		resp, err := c.Post(u, "application/json", bytes.NewReader(body))
		if err != nil {
			continue
		}
		resp.Body.Close()
		return nil
	}
	return errors.New("gave up")
}

func postOrder(ctx context.Context, c *http.Client, u, key string) error {
	body, _ := json.Marshal(order{IdempotencyKey: key, Amount: 5})
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, u, bytes.NewReader(body))
	if err != nil {
		return err
	}
	resp, err := c.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// Resend hands the helper a new key on every attempt, which defeats the
// deduplication: reported, and the key is made once.
func Resend(ctx context.Context, c *http.Client, u string) error {
	for attempt := 0; attempt < 3; attempt++ {
		if err := postOrder(ctx, c, u, rand.Text()); err != nil { // want `POST is retried after a transport error with an idempotency key made anew for each attempt`
			continue
		}
		return nil
	}
	return errors.New("gave up")
}

// Replaced stores a new key over the caller's on every attempt: reported.
func Replaced(ctx context.Context, c *http.Client, u, id string) error {
	o := order{IdempotencyKey: id, Amount: 5}
	for attempt := 0; attempt < 3; attempt++ {
		o.IdempotencyKey = rand.Text()
		body, _ := json.Marshal(o)
		resp, err := c.Post(u, "application/json", bytes.NewReader(body)) // want `POST is retried after a transport error without an idempotency key`
		if err != nil {
			continue
		}
		resp.Body.Close()
		return nil
	}
	return errors.New("gave up")
}

// Deleted takes the key out of the map before it is encoded: reported.
func Deleted(ctx context.Context, c *http.Client, u, id string) error {
	m := map[string]string{"idempotency_key": id, "amount": "5"}
	delete(m, "idempotency_key")
	body, _ := json.Marshal(m)
	for attempt := 0; attempt < 3; attempt++ {
		resp, err := c.Post(u, "application/json", bytes.NewReader(body)) // want `POST is retried after a transport error without an idempotency key`
		if err != nil {
			continue
		}
		resp.Body.Close()
		return nil
	}
	return errors.New("gave up")
}

type envelope struct {
	Amount int   `json:"amount"`
	Audit  audit `json:"-"`
}

type audit struct {
	DedupKey string `json:"dedup_key"`
}

// Unsent keeps the key in a field the encoding leaves out: reported.
func Unsent(ctx context.Context, c *http.Client, u, id string) error {
	body, _ := json.Marshal(envelope{Amount: 5, Audit: audit{DedupKey: id}})
	for attempt := 0; attempt < 3; attempt++ {
		resp, err := c.Post(u, "application/json", bytes.NewReader(body)) // want `POST is retried after a transport error without an idempotency key`
		if err != nil {
			continue
		}
		resp.Body.Close()
		return nil
	}
	return errors.New("gave up")
}

type job struct {
	Name        string `json:"name"`
	Deduplicate bool   `json:"deduplicate"`
}

// Flag names deduplication in a flag, not a key: reported.
func Flag(ctx context.Context, c *http.Client, u string) error {
	body, _ := json.Marshal(job{Name: "nightly", Deduplicate: true})
	for attempt := 0; attempt < 3; attempt++ {
		resp, err := c.Post(u, "application/json", bytes.NewReader(body)) // want `POST is retried after a transport error without an idempotency key`
		if err != nil {
			continue
		}
		resp.Body.Close()
		return nil
	}
	return errors.New("gave up")
}
