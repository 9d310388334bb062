// Package fieldsend retries writes reached through a func field that the
// package sets to one function: a key cannot be threaded through the
// field, so the fix hands a transport error back.
package fieldsend

import (
	"bytes"
	"context"
	"errors"
	"log"
	"net/http"
)

type exporter struct {
	client *http.Client
	url    string
}

// export sends one batch once: a POST without a key.
func (e *exporter) export(ctx context.Context, batch []byte) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, e.url, bytes.NewReader(batch))
	if err != nil {
		return err
	}
	resp, err := e.client.Do(req)
	if err != nil {
		return err
	}
	resp.Body.Close()
	if resp.StatusCode >= 500 {
		return errors.New("server error")
	}
	return nil
}

// fetch reads a batch back: a GET.
func (e *exporter) fetch(ctx context.Context, id []byte) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, e.url+"/"+string(id), nil)
	if err != nil {
		return err
	}
	resp, err := e.client.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// wal hands the batch it holds to its sink again after every failure.
type wal struct {
	sink  func(context.Context, []byte) error
	batch []byte
}

func (w *wal) run(ctx context.Context) {
	for ctx.Err() == nil {
		if err := w.sink(ctx, w.batch); err != nil { // want `POST is retried after a transport error without an idempotency key \(the field sink holds export, which sends it; no key can be threaded through the field\)`
			log.Printf("export failed, sending the batch again: %v", err)
			continue
		}
		return
	}
}

// Start sets the sink to a method value.
func Start(ctx context.Context, c *http.Client, url string, batch []byte) {
	e := &exporter{client: c, url: url}
	w := &wal{sink: e.export, batch: batch}
	w.run(ctx)
}

// reader reads again through a field set to a GET.
type reader struct {
	read func(context.Context, []byte) error
}

// poll is silent: a GET sent again.
func (r *reader) poll(ctx context.Context, id []byte) error {
	var err error
	for range 3 {
		if err = r.read(ctx, id); err == nil {
			return nil
		}
	}
	return err
}

// NewReader sets the field to a method value that reads.
func NewReader(c *http.Client, url string) *reader {
	e := &exporter{client: c, url: url}
	return &reader{read: e.fetch}
}

// queue sends each batch once through its field: iteration, silent.
type queue struct {
	send func(context.Context, []byte) error
}

func (q *queue) drain(ctx context.Context, batches [][]byte) error {
	for _, b := range batches {
		if err := q.send(ctx, b); err != nil {
			return err
		}
	}
	return nil
}

// NewQueue sets the field to a method value that posts.
func NewQueue(c *http.Client, url string) *queue {
	e := &exporter{client: c, url: url}
	return &queue{send: e.export}
}
