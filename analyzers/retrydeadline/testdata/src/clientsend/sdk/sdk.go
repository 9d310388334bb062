// Package sdk sends one request per call through a client whose
// Timeout a chain of constructors sets.
package sdk

import (
	"bytes"
	"context"
	"net/http"
	"time"
)

const defaultTimeout = 30 * time.Second

// dispatcher returns a client value with a Timeout.
func dispatcher() http.Client { // want dispatcher:`clienttimeout 30s`
	return http.Client{Timeout: defaultTimeout}
}

// baseClient returns the dispatcher's client.
func baseClient() *http.Client { // want baseClient:`clienttimeout 30s`
	hc := dispatcher()
	return &hc
}

type Sender struct {
	hc  *http.Client
	url string
}

func New(url string) *Sender {
	return &Sender{hc: baseClient(), url: url}
}

// Upload sends the batch once, with no context: the client's Timeout is
// its only bound.
func (s *Sender) Upload(b []byte) error { // want Upload:`owntimeout\(30s\) for recv.hc.Timeout client`
	req, err := http.NewRequest(http.MethodPost, s.url, bytes.NewReader(b))
	if err != nil {
		return err
	}
	resp, err := s.hc.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// UploadContext sends the batch once, with the caller's context.
func (s *Sender) UploadContext(ctx context.Context, b []byte) error { // want UploadContext:`owntimeout\(30s\) from param 0 for recv.hc.Timeout client`
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, s.url, bytes.NewReader(b))
	if err != nil {
		return err
	}
	resp, err := s.hc.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// Plain's client has no Timeout.
type Plain struct{ hc *http.Client }

func NewPlain() *Plain { return &Plain{hc: &http.Client{}} }

func (p *Plain) Upload(url string) error {
	resp, err := p.hc.Get(url)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// Do sends the request it is handed once.
func (s *Sender) Do(req *http.Request) error { // want Do:`sendsreq\(param 0, 30s, recv.hc.Timeout\)`
	resp, err := s.hc.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}
