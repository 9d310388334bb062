// Package callerguard holds SDK senders that retry the request they are
// handed: the check of its method may be made by their callers.
package callerguard

import (
	"errors"
	"net/http"
	"time"
)

type Client struct {
	hc    *http.Client
	reads int
}

// doWithRetries re-sends any request after a transport error or a 5xx.
func (c *Client) doWithRetries(req *http.Request) (*http.Response, error) {
	var (
		resp *http.Response
		err  error
	)
	for i := 0; i < 3; i++ {
		resp, err = c.hc.Do(req)
		if err == nil && resp.StatusCode < 500 {
			return resp, nil
		}
		if err == nil {
			resp.Body.Close()
		}
		time.Sleep(time.Second)
	}
	if err == nil {
		err = errors.New("server error")
	}
	return nil, err
}

// doJSON sends writes once and hands only the other methods to the
// retrying sender: silent.
func (c *Client) doJSON(method, url string) (*http.Response, error) {
	req, err := http.NewRequest(method, url, nil)
	if err != nil {
		return nil, err
	}
	if method == http.MethodPost || method == http.MethodPut || method == http.MethodPatch {
		return c.hc.Do(req)
	}
	return c.doWithRetries(req)
}

func (c *Client) Get(url string) (*http.Response, error)  { return c.doJSON(http.MethodGet, url) }
func (c *Client) Post(url string) (*http.Response, error) { return c.doJSON(http.MethodPost, url) } // want Post:"write\\(POST\\)"

// doAll retries every request it is handed, through a sender one of
// whose callers does not check the method.
func (c *Client) doAll(req *http.Request) (*http.Response, error) {
	var (
		resp *http.Response
		err  error
	)
	for i := 0; i < 3; i++ {
		resp, err = c.hc.Do(req) // want `a request of any method is re-sent after a transport error or status 500 without a check of its method`
		if err == nil && resp.StatusCode < 500 {
			return resp, nil
		}
		if err == nil {
			resp.Body.Close()
		}
		time.Sleep(time.Second)
	}
	if err == nil {
		err = errors.New("server error")
	}
	return nil, err
}

func (c *Client) guarded(method, url string) (*http.Response, error) {
	req, err := http.NewRequest(method, url, nil)
	if err != nil {
		return nil, err
	}
	if method == http.MethodPost {
		return c.hc.Do(req)
	}
	return c.doAll(req)
}

func (c *Client) unguarded(method, url string) (*http.Response, error) {
	req, err := http.NewRequest(method, url, nil)
	if err != nil {
		return nil, err
	}
	return c.doAll(req)
}

func (c *Client) Delete(url string) (*http.Response, error) { return c.guarded(http.MethodDelete, url) }
func (c *Client) Patch(url string) (*http.Response, error)  { return c.unguarded(http.MethodPatch, url) } // want Patch:"write\\(PATCH\\)"

// doChecked re-sends any request; its one caller compares the method,
// but not to keep the writes from it.
func (c *Client) doChecked(req *http.Request) (*http.Response, error) {
	var (
		resp *http.Response
		err  error
	)
	for i := 0; i < 3; i++ {
		resp, err = c.hc.Do(req) // want `a request of any method is re-sent after a transport error or status 500 without a check of its method`
		if err == nil && resp.StatusCode < 500 {
			return resp, nil
		}
		if err == nil {
			resp.Body.Close()
		}
		time.Sleep(time.Second)
	}
	if err == nil {
		err = errors.New("server error")
	}
	return nil, err
}

// doPatched re-sends any request; its one caller keeps POST from it, but
// not PATCH, which that caller's own caller hands it.
func (c *Client) doPatched(req *http.Request) (*http.Response, error) {
	var (
		resp *http.Response
		err  error
	)
	for i := 0; i < 3; i++ {
		resp, err = c.hc.Do(req) // want `a request of any method is re-sent after a transport error or status 500 without a check of its method`
		if err == nil && resp.StatusCode < 500 {
			return resp, nil
		}
		if err == nil {
			resp.Body.Close()
		}
		time.Sleep(time.Second)
	}
	if err == nil {
		err = errors.New("server error")
	}
	return nil, err
}

// logged compares the method only to count the reads.
func (c *Client) logged(method, url string) (*http.Response, error) {
	req, err := http.NewRequest(method, url, nil)
	if err != nil {
		return nil, err
	}
	if method == http.MethodGet {
		c.reads++
	}
	return c.doChecked(req)
}

// postOnce sends a POST once, but a PATCH, which one caller hands it,
// goes to the retry.
func (c *Client) postOnce(method, url string) (*http.Response, error) {
	req, err := http.NewRequest(method, url, nil)
	if err != nil {
		return nil, err
	}
	if method == http.MethodPost {
		return c.hc.Do(req)
	}
	return c.doPatched(req)
}

func (c *Client) Head(url string) (*http.Response, error)   { return c.logged(http.MethodHead, url) }
func (c *Client) Update(url string) (*http.Response, error) { return c.postOnce(http.MethodPatch, url) } // want Update:"write\\(PATCH\\)"
func (c *Client) Create(url string) (*http.Response, error) { return c.postOnce(http.MethodPost, url) }  // want Create:"write\\(POST\\)"

// newRequest builds the client's requests with the method it is handed.
func (c *Client) newRequest(method, url string) (*http.Request, error) {
	return http.NewRequest(method, url, nil)
}

// resend sends req again, by calling itself, after a failure: its one
// caller hands it a PUT built by newRequest, which may be replayed.
func (c *Client) resend(req *http.Request, n int) (*http.Response, error) {
	resp, err := c.hc.Do(req)
	if err != nil && n > 0 {
		return c.resend(req, n-1)
	}
	return resp, err
}

func (c *Client) Upload(url string) error {
	req, err := c.newRequest(http.MethodPut, url)
	if err != nil {
		return err
	}
	resp, err := c.resend(req, 2)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// The same recursion, handed a POST by its one caller.
func (c *Client) resendPost(req *http.Request, n int) (*http.Response, error) {
	resp, err := c.hc.Do(req) // want `a request of any method is re-sent after a transport error without a check of its method`
	if err != nil && n > 0 {
		return c.resendPost(req, n-1)
	}
	return resp, err
}

func (c *Client) Submit(url string) error { // want Submit:"write\\(POST\\)"
	req, err := c.newRequest(http.MethodPost, url)
	if err != nil {
		return err
	}
	resp, err := c.resendPost(req, 2)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// ---- the method handed on by a wrapper ----

// retryReads re-sends any request; its one caller sends the writes once,
// and that caller's callers are wrappers handed constants that are never
// PATCH.
func (c *Client) retryReads(req *http.Request) (*http.Response, error) {
	var (
		resp *http.Response
		err  error
	)
	for i := 0; i < 3; i++ {
		resp, err = c.hc.Do(req)
		if err == nil && resp.StatusCode < 500 {
			return resp, nil
		}
		if err == nil {
			resp.Body.Close()
		}
		time.Sleep(time.Second)
	}
	if err == nil {
		err = errors.New("server error")
	}
	return nil, err
}

func (c *Client) sendUnredacted(method, url string) (*http.Response, error) {
	req, err := http.NewRequest(method, url, nil)
	if err != nil {
		return nil, err
	}
	if method == http.MethodPost || method == http.MethodPut {
		return c.hc.Do(req)
	}
	return c.retryReads(req)
}

func (c *Client) sendJSON(method, url string) (*http.Response, error) {
	return c.sendUnredacted(method, url)
}

func (c *Client) GetMonitor(url string) (*http.Response, error) {
	return c.sendJSON(http.MethodGet, url)
}
func (c *Client) CreateMonitor(url string) (*http.Response, error) { // want CreateMonitor:"write\\(POST\\)"
	return c.sendJSON(http.MethodPost, url)
}
func (c *Client) DeleteMonitor(url string) (*http.Response, error) {
	return c.sendJSON(http.MethodDelete, url)
}

// retryPatched is the same, but one wrapper's caller hands it PATCH.
func (c *Client) retryPatched(req *http.Request) (*http.Response, error) {
	var (
		resp *http.Response
		err  error
	)
	for i := 0; i < 3; i++ {
		resp, err = c.hc.Do(req) // want `a request of any method is re-sent after a transport error or status 500 without a check of its method`
		if err == nil && resp.StatusCode < 500 {
			return resp, nil
		}
		if err == nil {
			resp.Body.Close()
		}
		time.Sleep(time.Second)
	}
	if err == nil {
		err = errors.New("server error")
	}
	return nil, err
}

func (c *Client) sendPatched(method, url string) (*http.Response, error) {
	req, err := http.NewRequest(method, url, nil)
	if err != nil {
		return nil, err
	}
	if method == http.MethodPost || method == http.MethodPut {
		return c.hc.Do(req)
	}
	return c.retryPatched(req)
}

func (c *Client) sendPatchedJSON(method, url string) (*http.Response, error) {
	return c.sendPatched(method, url)
}

func (c *Client) GetDash(url string) (*http.Response, error) {
	return c.sendPatchedJSON(http.MethodGet, url)
}
func (c *Client) PatchDash(url string) (*http.Response, error) { // want PatchDash:"write\\(PATCH\\)"
	return c.sendPatchedJSON(http.MethodPatch, url)
}
