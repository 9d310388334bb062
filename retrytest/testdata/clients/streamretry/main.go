// Command streamretry fetches a report through a retrying RoundTripper
// whose per-attempt timeout, when one is configured, is made by a helper
// and handed on to the response body (the caller reads it after RoundTrip
// returned), with no bound on the attempts together, the defect that
// retrydeadline reports: against a server that never answers, it keeps
// sending after the (max-retries+1) x per-attempt its timeouts suggest.
//
//	streamretry [-per-attempt 300ms] [-max-retries 4] http://127.0.0.1:8080/report
package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"net/http"
	"os"
	"time"
)

// Transport retries a round trip that failed after a short pause.
type Transport struct {
	next              http.RoundTripper
	PerAttemptTimeout time.Duration // 0: none
	MaxRetries        int
}

// attemptRequest returns req bounded by d, and the function that releases
// the bound.
func attemptRequest(ctx context.Context, req *http.Request, d time.Duration) (*http.Request, context.CancelFunc) {
	actx, cancel := context.WithTimeout(ctx, d)
	return req.WithContext(actx), cancel
}

type cancelOnClose struct {
	io.ReadCloser
	cancel context.CancelFunc
}

func (b cancelOnClose) Close() error {
	b.cancel()
	return b.ReadCloser.Close()
}

// withCancel hands the attempt's cancel function to the response body.
func withCancel(res *http.Response, cancel context.CancelFunc) *http.Response {
	if res != nil {
		res.Body = cancelOnClose{res.Body, cancel}
	}
	return res
}

// RoundTrip retries a GET after a transport error; other requests get one
// try.
func (t *Transport) RoundTrip(req *http.Request) (*http.Response, error) {
	if req.Method != http.MethodGet {
		return t.next.RoundTrip(req)
	}
	ctx := req.Context()
	for attempt := 0; ; attempt++ {
		r, cancel := req, context.CancelFunc(func() {})
		if t.PerAttemptTimeout != 0 {
			r, cancel = attemptRequest(ctx, req, t.PerAttemptTimeout)
		}
		res, err := t.next.RoundTrip(r)
		if err == nil || attempt == t.MaxRetries {
			return withCancel(res, cancel), err
		}
		cancel()
		select {
		case <-time.After(100 * time.Millisecond):
		case <-ctx.Done():
			return nil, ctx.Err()
		}
	}
}

func main() {
	perAttempt := flag.Duration("per-attempt", 0, "timeout of each attempt (0: none)")
	maxRetries := flag.Int("max-retries", 4, "retries after the first attempt")
	flag.Parse()
	hc := &http.Client{Transport: &Transport{next: http.DefaultTransport, PerAttemptTimeout: *perAttempt, MaxRetries: *maxRetries}}
	start := time.Now()
	resp, err := hc.Get(flag.Arg(0))
	if err == nil {
		_, err = io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
	}
	fmt.Printf("elapsed %v\n", time.Since(start).Round(time.Millisecond))
	if err != nil {
		fmt.Fprintln(os.Stderr, "streamretry:", err)
		os.Exit(1)
	}
	fmt.Println(resp.StatusCode)
}
