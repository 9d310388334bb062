// Package optclient is an HTTP client configured by functional options,
// in the manner of gojek/heimdall: Do re-sends a request of any method
// while its counter stays within the retry count, which is 0 (one
// attempt) unless WithRetryCount raises it.
package optclient

import (
	"net/http"
	"time"
)

// Client sends requests, with retries when configured.
type Client struct {
	client     *http.Client
	timeout    time.Duration
	retryCount int
	attempts   int
}

// Option configures a Client.
type Option func(*Client)

const defaultRetryCount = 0

// NewClient returns a client that sends each request once unless an
// option sets a retry count.
func NewClient(opts ...Option) *Client {
	client := Client{
		timeout:    30 * time.Second,
		retryCount: defaultRetryCount,
		attempts:   3,
	}
	for _, opt := range opts {
		opt(&client)
	}
	if client.client == nil {
		client.client = &http.Client{Timeout: client.timeout}
	}
	return &client
}

// WithRetryCount sets the number of retries after the first attempt.
func WithRetryCount(n int) Option {
	return func(c *Client) {
		c.retryCount = n
	}
}

// WithTimeout sets the timeout of each attempt.
func WithTimeout(d time.Duration) Option {
	return func(c *Client) {
		c.timeout = d
	}
}

// Do sends req, and again after a transport error or a 5xx while retries
// are left.
func (c *Client) Do(req *http.Request) (*http.Response, error) {
	var resp *http.Response
	var err error
	for i := 0; i <= c.retryCount; i++ {
		resp, err = c.client.Do(req)
		if err != nil {
			time.Sleep(10 * time.Millisecond)
			continue
		}
		if resp.StatusCode >= http.StatusInternalServerError {
			resp.Body.Close()
			continue
		}
		break
	}
	return resp, err
}

// Send sends req, and again after a transport error, up to the client's
// attempts, which the constructor sets to 3: no option lowers them.
func (c *Client) Send(req *http.Request) (*http.Response, error) {
	var resp *http.Response
	var err error
	for i := 0; i < c.attempts; i++ {
		resp, err = c.client.Do(req)
		if err == nil {
			break
		}
	}
	return resp, err
}

// Pre sends once before its loop, then again while attempts are left:
// its extra attempts are retries whatever their bound.
type Pre struct {
	client *http.Client
	extra  int
}

// NewPre returns a client that sends each request twice at most.
func NewPre() *Pre {
	p := Pre{client: http.DefaultClient, extra: 1}
	return &p
}

// Do sends req, and again after a transport error.
func (c *Pre) Do(req *http.Request) (*http.Response, error) {
	resp, err := c.client.Do(req)
	for i := 0; i < c.extra && err != nil; i++ {
		resp, err = c.client.Do(req)
	}
	return resp, err
}

// NewFromEnv returns a client whose retry count the environment may
// raise: one path returns another client.
func NewFromEnv(env string, opts ...Option) *Client {
	c := Client{client: http.DefaultClient}
	if env != "" {
		return &Client{client: http.DefaultClient, retryCount: 5}
	}
	for _, o := range opts {
		o(&c)
	}
	return &c
}
