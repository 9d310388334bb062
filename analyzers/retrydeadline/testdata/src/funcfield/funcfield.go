// Package funcfield holds SDK senders reached through an unexported func
// field, the seam left for tests: a call of the field is a call of the
// one function the package stores in it, so the requests its callers
// hand it are known.
package funcfield

import (
	"context"
	"net/http"
	"time"
)

type Client struct {
	hc    *http.Client
	pause time.Duration
	do    func(c *Client, req *http.Request) (*http.Response, error)
}

func NewClient() *Client {
	return &Client{hc: &http.Client{}, pause: time.Second, do: defaultDo}
}

// defaultDo sleeps between attempts, but every request the package hands
// it through the field is built by http.NewRequest: nothing could cancel
// it, silent.
func defaultDo(c *Client, req *http.Request) (*http.Response, error) {
	for i := 0; ; i++ {
		resp, err := c.hc.Do(req)
		if err != nil {
			return nil, err
		}
		if resp.StatusCode != http.StatusTooManyRequests || i >= 3 {
			return resp, nil
		}
		resp.Body.Close()
		time.Sleep(c.pause)
	}
}

func (c *Client) Account(url string) (*http.Response, error) {
	req, err := http.NewRequest(http.MethodGet, url, nil)
	if err != nil {
		return nil, err
	}
	return c.do(c, req)
}

// Stream's field is bound the same way, but one caller hands it a
// request with its caller's context: the sleep ignores that context.
type Stream struct {
	hc   *http.Client
	send func(s *Stream, req *http.Request) (*http.Response, error)
}

func NewStream() *Stream {
	s := &Stream{hc: &http.Client{}}
	s.send = sendRetrying
	return s
}

func sendRetrying(s *Stream, req *http.Request) (*http.Response, error) {
	for i := 0; ; i++ {
		resp, err := s.hc.Do(req)
		if err != nil {
			return nil, err
		}
		if resp.StatusCode != http.StatusTooManyRequests || i >= 3 {
			return resp, nil
		}
		resp.Body.Close()
		time.Sleep(time.Second) // want `time.Sleep in retry loop ignores cancellation of req.Context\(\)`
	}
}

func (s *Stream) Events(ctx context.Context, url string) (*http.Response, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		return nil, err
	}
	return s.send(s, req)
}
