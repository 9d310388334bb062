// Package clienturl sends with the URL-shaped methods of an http.Client
// (Get, Head, Post, PostForm), which build their request themselves,
// without a context, through a client whose Timeout bounds each attempt.
package clienturl

import (
	"io"
	"net/http"
	"net/url"
	"time"
)

type Client struct {
	hc    *http.Client
	plain *http.Client
}

func New() *Client {
	return &Client{hc: &http.Client{Timeout: 10 * time.Second}, plain: &http.Client{}}
}

// Ping retries a GET: every attempt is bounded, the whole is not.
func (c *Client) Ping(u string) error {
	var err error
	for attempt := 0; attempt < 4; attempt++ {
		resp, gerr := c.hc.Get(u) // want `per-attempt timeout \(http.Client.Timeout\) inside retry loop but no overall deadline`
		if gerr == nil {
			resp.Body.Close()
			if resp.StatusCode == http.StatusOK {
				return nil
			}
		}
		err = gerr
		time.Sleep(time.Second)
	}
	return err
}

// Upload retries a POST that carries its content type.
func (c *Client) Upload(u string, body io.Reader) error {
	for attempt := 0; ; attempt++ {
		resp, err := c.hc.Post(u, "text/plain", body) // want `per-attempt timeout \(http.Client.Timeout\) inside retry loop but no overall deadline`
		if err == nil {
			resp.Body.Close()
			return nil
		}
		if attempt == 3 {
			return err
		}
		time.Sleep(time.Second)
	}
}

// Submit retries a form.
func (c *Client) Submit(u string, form url.Values) error {
	var resp *http.Response
	var err error
	for attempt := 0; attempt < 3; attempt++ {
		resp, err = c.hc.PostForm(u, form) // want `per-attempt timeout \(http.Client.Timeout\) inside retry loop but no overall deadline`
		if err == nil {
			resp.Body.Close()
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

// Fetch returns the response: its caller reads the body, so the loop
// gets a wall-clock budget rather than a deadline cancelled on return.
func (c *Client) Fetch(u string) (*http.Response, error) {
	var err error
	for attempt := 0; attempt < 4; attempt++ {
		resp, herr := c.hc.Head(u) // want `per-attempt timeout \(http.Client.Timeout\) inside retry loop but no overall deadline`
		if herr == nil && resp.StatusCode < 500 {
			return resp, nil
		}
		if herr == nil {
			resp.Body.Close()
		}
		err = herr
		time.Sleep(time.Second)
	}
	return nil, err
}

// PlainPing's client has no Timeout: no per-attempt timeout to report.
func (c *Client) PlainPing(u string) error {
	var err error
	for attempt := 0; attempt < 4; attempt++ {
		resp, gerr := c.plain.Get(u)
		if gerr == nil {
			resp.Body.Close()
			return nil
		}
		err = gerr
		time.Sleep(time.Second)
	}
	return err
}

// DefaultPing sends through http.DefaultClient, which has no Timeout.
func DefaultPing(u string) error {
	var err error
	for attempt := 0; attempt < 4; attempt++ {
		resp, gerr := http.Get(u)
		if gerr == nil {
			resp.Body.Close()
			return nil
		}
		err = gerr
		time.Sleep(time.Second)
	}
	return err
}

// PingAll sends one GET per URL: iteration, not a retry.
func (c *Client) PingAll(urls []string) error {
	for _, u := range urls {
		resp, err := c.hc.Get(u)
		if err != nil {
			return err
		}
		resp.Body.Close()
	}
	return nil
}

// PingBudget stops once its budget is spent: bounded as a whole.
func (c *Client) PingBudget(u string) error {
	start := time.Now()
	var err error
	for attempt := 0; attempt < 4; attempt++ {
		if time.Since(start) > time.Minute {
			break
		}
		resp, gerr := c.hc.Get(u)
		if gerr == nil {
			resp.Body.Close()
			return nil
		}
		err = gerr
		time.Sleep(time.Second)
	}
	return err
}

// waitFor calls f until it succeeds or the time given runs out: a helper
// whose bound is an argument of its own.
func waitFor(timeout time.Duration, f func() error) error { // want waitFor:`blindwait\(param 1, time.Sleep in waitFor\)`
	deadline := time.Now().Add(timeout)
	for {
		err := f()
		if err == nil || time.Now().After(deadline) {
			return err
		}
		time.Sleep(time.Second)
	}
}

// Ready hands the GET to the helper, which bounds the whole wait.
func (c *Client) Ready(u string) error {
	return waitFor(10*time.Second, func() error {
		resp, err := c.hc.Get(u)
		if err != nil {
			return err
		}
		return resp.Body.Close()
	})
}
