// Package clientsend holds retry loops that call a function which sends
// one request per call through an http.Client with a Timeout: the
// Timeout bounds one attempt, hidden behind the call.
package clientsend

import (
	"bytes"
	"context"
	"errors"
	"net/http"
	"time"

	"clientsend/sdk"
)

type client struct {
	http     http.Client
	hc       *http.Client
	plain    *http.Client
	endpoint string
	quit     chan struct{}
	s        *sdk.Sender
	p        *sdk.Plain
}

func supportsTimeout(rt http.RoundTripper) bool { return rt != nil }

// makeHTTPClient sets the Timeout on some paths only.
func makeHTTPClient(rt http.RoundTripper) http.Client { // want makeHTTPClient:`clienttimeout\(conditional\) 10s`
	hc := http.Client{Transport: rt}
	if supportsTimeout(rt) {
		hc.Timeout = 10 * time.Second
	}
	return hc
}

func newClient(rt http.RoundTripper, endpoint string) *client {
	return &client{
		http:     makeHTTPClient(rt),
		hc:       &http.Client{Timeout: 5 * time.Second},
		plain:    &http.Client{},
		endpoint: endpoint,
		quit:     make(chan struct{}),
		s:        sdk.New(endpoint),
		p:        sdk.NewPlain(),
	}
}

// upload builds its request without a context and sends it through the
// client of makeHTTPClient.
func (c *client) upload(b []byte) error {
	req, err := http.NewRequest("POST", c.endpoint+"/batch/", bytes.NewReader(b))
	if err != nil {
		return err
	}
	res, err := c.http.Do(req)
	if err != nil {
		return err
	}
	return res.Body.Close()
}

// send re-uploads the batch: every attempt has the client's Timeout, and
// nothing bounds them all.
func (c *client) send(b []byte) {
	for i := 0; i != 10; i++ {
		if err := c.upload(b); err == nil { // want `per-attempt timeout \(http.Client.Timeout of the send in upload\) inside retry loop but no overall deadline`
			return
		}
		select {
		case <-time.After(time.Duration(i) * 100 * time.Millisecond):
		case <-c.quit:
			return
		}
	}
}

// doOnce sends with the caller's context through a client with a Timeout.
func (c *client) doOnce(ctx context.Context, url string) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		return err
	}
	res, err := c.hc.Do(req)
	if err != nil {
		return err
	}
	return res.Body.Close()
}

// fetch retries doOnce under the caller's context, which may have no
// deadline.
func (c *client) fetch(ctx context.Context, url string) error {
	var err error
	for attempt := 0; attempt < 3; attempt++ {
		if err = c.doOnce(ctx, url); err == nil { // want `per-attempt timeout \(http.Client.Timeout of the send in doOnce, with ctx\) inside retry loop but no overall deadline`
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

// push retries a sender of another package, through a chain of its
// constructors.
func (c *client) push(b []byte) error {
	var err error
	for attempt := 0; attempt < 4; attempt++ {
		if err = c.s.Upload(b); err == nil { // want `per-attempt timeout \(http.Client.Timeout of the send in Upload\) inside retry loop but no overall deadline`
			return nil
		}
		time.Sleep(2 * time.Second)
	}
	return err
}

// pushContext retries the other package's sender under the caller's
// context.
func (c *client) pushContext(ctx context.Context, b []byte) error {
	var err error
	for attempt := 0; attempt < 4; attempt++ {
		if err = c.s.UploadContext(ctx, b); err == nil { // want `per-attempt timeout \(http.Client.Timeout of the send in UploadContext, with ctx\) inside retry loop but no overall deadline`
			return nil
		}
		time.Sleep(2 * time.Second)
	}
	return err
}

// Silent: an overall deadline made before the loop bounds every attempt.
func (c *client) fetchBounded(url string) error {
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	var err error
	for attempt := 0; attempt < 3; attempt++ {
		if err = c.doOnce(ctx, url); err == nil {
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

// Silent: the loop stops once its clock budget is spent.
func (c *client) sendBudget(b []byte) error {
	start := time.Now()
	for {
		err := c.upload(b)
		if err == nil {
			return nil
		}
		if time.Since(start) > time.Minute {
			return err
		}
		time.Sleep(time.Second)
	}
}

// plainOnce sends through a client without a Timeout.
func (c *client) plainOnce(url string) error {
	req, err := http.NewRequest(http.MethodGet, url, nil)
	if err != nil {
		return err
	}
	res, err := c.plain.Do(req)
	if err != nil {
		return err
	}
	return res.Body.Close()
}

// Silent: the callee's client has no Timeout, so there is no per-attempt
// bound to multiply.
func (c *client) plainRetry(url string) error {
	var err error
	for attempt := 0; attempt < 3; attempt++ {
		if err = c.plainOnce(url); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

// Silent: the other package's plain sender has no Timeout either.
func (c *client) plainPush(url string) error {
	var err error
	for attempt := 0; attempt < 3; attempt++ {
		if err = c.p.Upload(url); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

// Silent: one upload per batch is iteration, not a retry.
func (c *client) sendAll(batches [][]byte) error {
	var errs []error
	for _, b := range batches {
		errs = append(errs, c.upload(b))
	}
	return errors.Join(errs...)
}

// statusOnce asks for the job's state once.
func (c *client) statusOnce(url string) (bool, error) {
	req, err := http.NewRequest(http.MethodGet, url, nil)
	if err != nil {
		return false, err
	}
	res, err := c.hc.Do(req)
	if err != nil {
		return false, err
	}
	defer res.Body.Close()
	if res.StatusCode != http.StatusOK {
		return false, errors.New(res.Status)
	}
	return res.Header.Get("X-Job-State") == "done", nil
}

// Silent: a poll; every failure ends it, and only a finished check
// starts another.
func (c *client) waitDone(url string) error {
	for {
		done, err := c.statusOnce(url)
		if err != nil {
			return err
		}
		if done {
			return nil
		}
		time.Sleep(2 * time.Second)
	}
}

// waitRetry asks again after a failure too: a retry of statusOnce, whose
// attempts the client's Timeout bounds one by one.
func (c *client) waitRetry(url string) error {
	for attempt := 0; attempt < 5; attempt++ {
		done, err := c.statusOnce(url) // want `per-attempt timeout \(http.Client.Timeout of the send in statusOnce\) inside retry loop but no overall deadline`
		if err == nil && done {
			return nil
		}
		time.Sleep(2 * time.Second)
	}
	return errors.New("job not done")
}

// doReq sends the request it is handed through the client of
// makeHTTPClient, whose Timeout may be unset.
func (c *client) doReq(req *http.Request) error { // want doReq:`sendsreq\(param 0, 10s, recv.http.Timeout, conditional\)`
	res, err := c.http.Do(req)
	if err != nil {
		return err
	}
	return res.Body.Close()
}

// resend builds the request in the loop, without a context, and hands it
// to doReq.
func (c *client) resend(b []byte) error {
	var err error
	for attempt := 0; attempt < 3; attempt++ {
		req, rerr := http.NewRequest(http.MethodPost, c.endpoint, bytes.NewReader(b))
		if rerr != nil {
			return rerr
		}
		if err = c.doReq(req); err == nil { // want `per-attempt timeout \(http.Client.Timeout of the send in doReq\) inside retry loop but no overall deadline`
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

// resendSDK hands the request to the other package's sender.
func (c *client) resendSDK(ctx context.Context, b []byte) error {
	var err error
	for attempt := 0; attempt < 3; attempt++ {
		req, rerr := http.NewRequestWithContext(ctx, http.MethodPost, c.endpoint, bytes.NewReader(b))
		if rerr != nil {
			return rerr
		}
		if err = c.s.Do(req); err == nil { // want `per-attempt timeout \(http.Client.Timeout of the send in Do\) inside retry loop but no overall deadline`
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

// plainReq sends the request it is handed through a client without a
// Timeout.
func (c *client) plainReq(req *http.Request) error {
	res, err := c.plain.Do(req)
	if err != nil {
		return err
	}
	return res.Body.Close()
}

// Silent: the client doReq's twin sends through has no Timeout.
func (c *client) resendPlain(b []byte) error {
	var err error
	for attempt := 0; attempt < 3; attempt++ {
		req, rerr := http.NewRequest(http.MethodPost, c.endpoint, bytes.NewReader(b))
		if rerr != nil {
			return rerr
		}
		if err = c.plainReq(req); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

// Silent: the request carries a deadline made before the loop.
func (c *client) resendBounded(b []byte) error {
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	var err error
	for attempt := 0; attempt < 3; attempt++ {
		req, rerr := http.NewRequestWithContext(ctx, http.MethodPost, c.endpoint, bytes.NewReader(b))
		if rerr != nil {
			return rerr
		}
		if err = c.s.Do(req); err == nil {
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

// uploadVar declares its request empty and builds it on each path, as
// code that gzips on some calls does.
func (c *client) uploadVar(b []byte, gzipped bool) error {
	var req *http.Request
	var err error
	if gzipped {
		req, err = http.NewRequest("POST", c.endpoint+"/batch/", bytes.NewReader(b))
		if err == nil {
			req.Header.Set("Content-Encoding", "gzip")
		}
	} else {
		req, err = http.NewRequest("POST", c.endpoint+"/batch/", bytes.NewReader(b))
	}
	if err != nil {
		return err
	}
	res, err := c.http.Do(req)
	if err != nil {
		return err
	}
	return res.Body.Close()
}

// sendVar re-uploads through uploadVar: the client's Timeout bounds each
// attempt and nothing bounds them all.
func (c *client) sendVar(b []byte) {
	for i := 0; i != 10; i++ {
		if err := c.uploadVar(b, i%2 == 0); err == nil { // want `per-attempt timeout \(http.Client.Timeout of the send in uploadVar\) inside retry loop but no overall deadline`
			return
		}
		select {
		case <-time.After(time.Duration(i) * 100 * time.Millisecond):
		case <-c.quit:
			return
		}
	}
}

// uploadVarContext declares its request empty and builds it with the
// caller's context.
func (c *client) uploadVarContext(ctx context.Context, b []byte) error {
	var req *http.Request
	var err error
	req, err = http.NewRequestWithContext(ctx, "POST", c.endpoint+"/batch/", bytes.NewReader(b))
	if err != nil {
		return err
	}
	res, err := c.http.Do(req)
	if err != nil {
		return err
	}
	return res.Body.Close()
}

// sendVarBudget hands every attempt one context with a deadline: the
// whole loop is bounded.
func (c *client) sendVarBudget(ctx context.Context, b []byte) error {
	ctx, cancel := context.WithTimeout(ctx, time.Minute)
	defer cancel()
	var err error
	for i := 0; i != 10; i++ {
		if err = c.uploadVarContext(ctx, b); err == nil {
			return nil
		}
		select {
		case <-time.After(time.Duration(i) * 100 * time.Millisecond):
		case <-ctx.Done():
			return ctx.Err()
		}
	}
	return err
}
