// Package ctorfield holds retry loops that call a func field whose value
// a constructor takes as a parameter (a write-ahead log handed its
// exporter's send): the field holds what the constructor's calls hand it.
package ctorfield

import (
	"bytes"
	"context"
	"errors"
	"log"
	"net/http"
)

type exporter struct {
	c   *http.Client
	url string
}

func (e *exporter) export(ctx context.Context, batch []byte) error { // want export:"write\\(POST\\)"
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, e.url, bytes.NewReader(batch))
	if err != nil {
		return err
	}
	resp, err := e.c.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	if resp.StatusCode >= 500 {
		return errors.New("remote write failed")
	}
	return nil
}

func (e *exporter) probe(ctx context.Context, _ []byte) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, e.url, nil)
	if err != nil {
		return err
	}
	resp, err := e.c.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

type wal struct {
	sink    func(context.Context, []byte) error
	pending []byte
}

func newWAL(sink func(context.Context, []byte) error) *wal { return &wal{sink: sink} }

// ---- must flag ----

// run hands the same batch to the sink again after every failure.
func (w *wal) run(ctx context.Context) {
	for ctx.Err() == nil {
		if err := w.sink(ctx, w.pending); err != nil { // want `POST is retried after a transport error without an idempotency key \(the field sink holds export`
			log.Printf("export failed, reading the log again: %v", err)
			continue
		}
		return
	}
}

func Start(ctx context.Context, url string) {
	e := &exporter{c: http.DefaultClient, url: url}
	newWAL(e.export).run(ctx)
}

// ---- must stay silent ----

type checker struct {
	check func(context.Context, []byte) error
}

func newChecker(check func(context.Context, []byte) error) *checker {
	return &checker{check: check}
}

// wait retries a check; its constructor is handed a GET alone.
func (c *checker) wait(ctx context.Context) {
	for ctx.Err() == nil {
		if err := c.check(ctx, nil); err == nil {
			return
		}
	}
}

func Ready(ctx context.Context, url string) {
	e := &exporter{c: http.DefaultClient, url: url}
	newChecker(e.probe).wait(ctx)
}

// newDry replaces the function it is handed in a dry run: what the field
// holds is not what the call hands in.
func newDry(check func(context.Context, []byte) error, dryRun bool, e *exporter) *checker {
	if dryRun {
		check = e.probe
	}
	return &checker{check: check}
}

func Dry(ctx context.Context, url string) {
	e := &exporter{c: http.DefaultClient, url: url}
	newDry(e.export, true, e).wait(ctx)
}
