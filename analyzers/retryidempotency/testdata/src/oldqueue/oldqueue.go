//go:build go1.22

// Package oldqueue is written for Go 1.22: the requeue fix cannot use
// rand.Text, and adds a function that makes keys.
package oldqueue

import (
	"bytes"
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
