// Package exporters holds OpenTelemetry Collector exporters whose push
// functions the exporter helper retries (WithRetry) once for every batch.
package exporters

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/url"

	"go.opentelemetry.io/collector/config/configretry"
	"go.opentelemetry.io/collector/consumer/consumererror"
	"go.opentelemetry.io/collector/exporter"
	"go.opentelemetry.io/collector/exporter/exporterhelper"
	"go.opentelemetry.io/collector/pdata/plog"
	"go.opentelemetry.io/collector/pdata/ptrace"
)

type Config struct {
	Endpoint      string
	BackOffConfig configretry.BackOffConfig
}

type spans struct {
	url    string
	client *http.Client
}

// push sends the batch with a POST; every error goes back to the helper,
// which sends the batch again.
func (s *spans) push(ctx context.Context, _ ptrace.Traces) error { // want push:`write\(POST\)`
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, s.url, bytes.NewReader([]byte("[]")))
	if err != nil {
		return err
	}
	resp, err := s.client.Do(req) // want `POST is retried by exporterhelper.NewTraces after a transport error without an idempotency key \(exporterhelper calls push anew for each unit of work`
	if err != nil {
		return fmt.Errorf("push: %w", err)
	}
	return resp.Body.Close()
}

// NewSpans retries by default, as the Collector's exporters do.
func NewSpans(ctx context.Context, set exporter.Settings, cfg *Config) (exporter.Traces, error) {
	s := &spans{url: cfg.Endpoint, client: &http.Client{}}
	return exporterhelper.NewTraces(ctx, set, cfg, s.push,
		exporterhelper.WithRetry(configretry.NewDefaultBackOffConfig()))
}

// NewLogs's push is written in place; its retry is the user's
// configuration, enabled by default.
func NewLogs(ctx context.Context, set exporter.Settings, cfg *Config, client *http.Client) (exporter.Logs, error) {
	return exporterhelper.NewLogs(ctx, set, cfg, func(ctx context.Context, _ plog.Logs) error {
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, cfg.Endpoint, nil)
		if err != nil {
			return err
		}
		resp, err := client.Do(req) // want `POST is retried by exporterhelper.NewLogs after a transport error without an idempotency key`
		if err != nil {
			return err
		}
		return resp.Body.Close()
	}, exporterhelper.WithRetry(cfg.BackOffConfig))
}

// ---- must stay silent ----

type quiet struct {
	url    string
	client *http.Client
}

// post sends a POST; the exporters below do not retry it.
func (q *quiet) post(ctx context.Context, _ ptrace.Traces) error { // want post:`write\(POST\)`
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, q.url, nil)
	if err != nil {
		return err
	}
	resp, err := q.client.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// NewDisabled turns the retry off.
func NewDisabled(ctx context.Context, set exporter.Settings, cfg *Config) (exporter.Traces, error) {
	q := &quiet{url: cfg.Endpoint, client: &http.Client{}}
	return exporterhelper.NewTraces(ctx, set, cfg, q.post,
		exporterhelper.WithRetry(configretry.BackOffConfig{Enabled: false}))
}

// NewOnce has no WithRetry: the helper's default is no retry.
func NewOnce(ctx context.Context, set exporter.Settings, cfg *Config) (exporter.Traces, error) {
	q := &quiet{url: cfg.Endpoint, client: &http.Client{}}
	return exporterhelper.NewTraces(ctx, set, cfg, q.post)
}

// NewMarked's push ends the retry at a transport error.
func NewMarked(ctx context.Context, set exporter.Settings, cfg *Config, client *http.Client) (exporter.Traces, error) {
	return exporterhelper.NewTraces(ctx, set, cfg, func(ctx context.Context, _ ptrace.Traces) error {
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, cfg.Endpoint, nil)
		if err != nil {
			return err
		}
		resp, err := client.Do(req)
		if urlErr := (*url.Error)(nil); errors.As(err, &urlErr) {
			return consumererror.NewPermanent(err)
		}
		if err != nil {
			return err
		}
		return resp.Body.Close()
	}, exporterhelper.WithRetry(cfg.BackOffConfig))
}

// NewPut sends each batch with a PUT, which may be applied twice.
func NewPut(ctx context.Context, set exporter.Settings, cfg *Config, client *http.Client) (exporter.Traces, error) {
	return exporterhelper.NewTraces(ctx, set, cfg, func(ctx context.Context, _ ptrace.Traces) error {
		req, err := http.NewRequestWithContext(ctx, http.MethodPut, cfg.Endpoint, nil)
		if err != nil {
			return err
		}
		resp, err := client.Do(req)
		if err != nil {
			return err
		}
		return resp.Body.Close()
	}, exporterhelper.WithRetry(configretry.NewDefaultBackOffConfig()))
}

// NewOff builds the default configuration and turns it off.
func NewOff(ctx context.Context, set exporter.Settings, cfg *Config) (exporter.Traces, error) {
	q := &quiet{url: cfg.Endpoint, client: &http.Client{}}
	rc := configretry.NewDefaultBackOffConfig()
	rc.Enabled = false
	return exporterhelper.NewTraces(ctx, set, cfg, q.post, exporterhelper.WithRetry(rc))
}
