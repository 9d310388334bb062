// Package requeue holds workers that retry an item by handing it back to
// the channel they take items from.
package requeue

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
)

type payload struct {
	body        map[string]any
	retriesLeft int
}

type async struct {
	endpoint string
	client   *http.Client
	queue    chan payload
}

func (t *async) clientPost(body io.Reader) (*http.Response, error) {
	req, err := http.NewRequest("POST", t.endpoint, body)
	if err != nil {
		return nil, err
	}
	return t.client.Do(req)
}

func (t *async) post(body map[string]any) (bool, error) {
	b, err := json.Marshal(body)
	if err != nil {
		return false, err
	}
	resp, err := t.clientPost(bytes.NewReader(b))
	if err != nil {
		return true, err
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return resp.StatusCode == http.StatusTooManyRequests, err
	}
	return false, nil
}

// Send queues one item.
func (t *async) Send(body map[string]any) {
	p := payload{
		body:        body,
		retriesLeft: 3,
	}
	t.queue <- p
}

func (t *async) run() {
	for p := range t.queue {
		canRetry, err := t.post(p.body) // want `POST is retried by handing p back to its channel after a transport error without an idempotency key \(post sends it\)`
		if err != nil && canRetry && p.retriesLeft > 0 {
			p.retriesLeft--
			select {
			case t.queue <- p:
			default:
			}
		}
	}
}

// A queue of jobs held by pointer, sent by the worker itself.
type job struct {
	url   string
	data  []byte
	tries int
}

func NewJob(url string, data []byte) *job {
	return &job{url: url, data: data}
}

func worker(c *http.Client, jobs chan *job) {
	for j := range jobs {
		req, err := http.NewRequest(http.MethodPost, j.url, bytes.NewReader(j.data))
		if err != nil {
			continue
		}
		resp, err := c.Do(req) // want `POST is retried by handing j back to its channel after a transport error without an idempotency key`
		if err != nil {
			if j.tries < 3 {
				j.tries++
				jobs <- j
			}
			continue
		}
		resp.Body.Close()
	}
}

// One request per item: nothing goes back.
func iterate(c *http.Client, jobs chan *job) {
	for j := range jobs {
		resp, err := c.Post(j.url, "application/json", bytes.NewReader(j.data))
		if err != nil {
			continue
		}
		resp.Body.Close()
	}
}

// Another item goes back: the next page of work, not a retry.
func follow(c *http.Client, jobs chan *job) {
	for j := range jobs {
		resp, err := c.Post(j.url, "application/json", bytes.NewReader(j.data))
		if err != nil {
			continue
		}
		resp.Body.Close()
		next := &job{url: resp.Header.Get("Location")}
		jobs <- next
	}
}

// The item goes back with another URL: another request.
func redirect(c *http.Client, jobs chan *job) {
	for j := range jobs {
		resp, err := c.Post(j.url, "application/json", bytes.NewReader(j.data))
		if err != nil {
			j.url = "https://fallback.example.com"
			jobs <- j
			continue
		}
		resp.Body.Close()
	}
}

// A GET queued again.
func fetchAll(c *http.Client, jobs chan *job) {
	for j := range jobs {
		resp, err := c.Get(j.url)
		if err != nil {
			jobs <- j
			continue
		}
		resp.Body.Close()
	}
}

// Queued again only when the server declined it.
func throttled(c *http.Client, jobs chan *job) {
	for j := range jobs {
		resp, err := c.Post(j.url, "application/json", bytes.NewReader(j.data))
		if err != nil {
			continue
		}
		resp.Body.Close()
		if resp.StatusCode == http.StatusTooManyRequests {
			jobs <- j
		}
	}
}

type event struct {
	data []byte
	left int
}

// NewEvent makes an event with two more attempts.
func NewEvent(data []byte) event {
	return event{data: data, left: 2}
}

// A worker that waits for an item or cancellation.
func (t *async) serve(ctx context.Context, events chan event) {
	for {
		select {
		case <-ctx.Done():
			return
		case e := <-events:
			req, err := http.NewRequestWithContext(ctx, http.MethodPost, t.endpoint, bytes.NewReader(e.data))
			if err != nil {
				continue
			}
			resp, err := t.client.Do(req) // want `POST is retried by handing e back to its channel after a transport error without an idempotency key`
			if err != nil && e.left > 0 {
				e.left--
				events <- e
				continue
			}
			if err == nil {
				resp.Body.Close()
			}
		}
	}
}

// A failed item goes to a dead-letter queue, not back.
func (t *async) serveOnce(ctx context.Context, events, dead chan event) {
	for {
		select {
		case <-ctx.Done():
			return
		case e := <-events:
			resp, err := t.client.Post(t.endpoint, "application/json", bytes.NewReader(e.data))
			if err != nil {
				dead <- e
				continue
			}
			resp.Body.Close()
		}
	}
}

// A worker that receives at the top of its body.
func drain(c *http.Client, jobs chan *job) {
	for {
		j := <-jobs
		resp, err := c.Post(j.url, "application/json", bytes.NewReader(j.data)) // want `POST is retried by handing j back to its channel after a transport error without an idempotency key`
		if err != nil {
			jobs <- j
			continue
		}
		resp.Body.Close()
	}
}
