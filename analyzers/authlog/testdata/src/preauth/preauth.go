// Package preauth logs a request it is handed, before it authenticates
// it: the header holds what its callers gave it, none of them a
// credential when each call hands it a request its caller built bare.
package preauth

import (
	"log"
	"net/http"
)

type Client struct {
	hc         *http.Client
	user, key  string
	bearer     string
	NbAttempts int
	debug      bool
}

// Silent: every call hands it a request that its caller authenticates
// only after the call.
func debugRequest(req *http.Request) {
	log.Printf("header: %v", req.Header)
}

// Silent: its one caller built the request bare.
func (c *Client) do(req *http.Request) (*http.Response, error) {
	if req == nil {
		return nil, http.ErrMissingFile
	}
	debugRequest(req)
	req.SetBasicAuth(c.user, c.key)
	return c.hc.Do(req)
}

// Silent: logged inline before the token header is set.
func (c *Client) doInline(req *http.Request) (*http.Response, error) {
	log.Printf("header: %v", req.Header)
	req.Header.Set("Authorization", "Bearer "+c.bearer)
	return c.hc.Do(req)
}

// Silent: built here and handed to a helper that logs it before it
// authenticates it.
func (c *Client) Get(url string) (*http.Response, error) {
	req, err := http.NewRequest(http.MethodGet, url, nil)
	if err != nil {
		return nil, err
	}
	return c.do(req)
}

func (c *Client) Post(url string) (*http.Response, error) {
	req, err := http.NewRequest(http.MethodPost, url, nil)
	if err != nil {
		return nil, err
	}
	return c.doInline(req)
}

func debugTwo(req *http.Request) {
	log.Printf("header: %v", req.Header) // want `http.Header \(may hold Authorization`
}

func (c *Client) twoBefore(req *http.Request) (*http.Response, error) {
	debugTwo(req)
	req.SetBasicAuth(c.user, c.key)
	return c.hc.Do(req)
}

// The second caller hands it an authenticated request.
func (c *Client) twoAfter(req *http.Request) (*http.Response, error) {
	req.SetBasicAuth(c.user, c.key)
	debugTwo(req)
	return c.hc.Do(req)
}

func (c *Client) Two(req *http.Request) {
	c.twoBefore(req)
	c.twoAfter(req)
}

// The log comes after the credential.
func (c *Client) afterAuth(req *http.Request) (*http.Response, error) {
	req.Header.Set("Authorization", "Bearer "+c.bearer)
	log.Printf("header: %v", req.Header) // want `http.Header \(may hold Authorization`
	return c.hc.Do(req)
}

// The loop logs again after its first turn set the credential.
func (c *Client) inLoop(req *http.Request) (resp *http.Response, err error) {
	for range c.NbAttempts {
		log.Printf("header: %v", req.Header) // want `http.Header \(may hold Authorization`
		req.Header.Set("Authorization", "Bearer "+c.bearer)
		resp, err = c.hc.Do(req)
		if err == nil {
			return resp, nil
		}
	}
	return nil, err
}

// No credential is added here: the caller's request may hold one.
func (c *Client) noAuth(req *http.Request) (*http.Response, error) {
	log.Printf("header: %v", req.Header) // want `http.Header \(may hold Authorization`
	req.Header.Set("Accept", "application/json")
	return c.hc.Do(req)
}

// DebugRequest is exported: its callers are not all known.
func DebugRequest(req *http.Request) {
	log.Printf("header: %v", req.Header) // want `http.Header \(may hold Authorization`
}

func (c *Client) doExported(req *http.Request) (*http.Response, error) {
	DebugRequest(req)
	req.SetBasicAuth(c.user, c.key)
	return c.hc.Do(req)
}

func sign(req *http.Request) { req.Header.Set("X-Signature", "...") }

// Handed to a signer before the log.
func (c *Client) signedFirst(req *http.Request) (*http.Response, error) {
	sign(req)
	log.Printf("header: %v", req.Header) // want `http.Header \(may hold Authorization`
	req.SetBasicAuth(c.user, c.key)
	return c.hc.Do(req)
}

// The helper authenticates, then logs.
func (c *Client) authorize(req *http.Request) {
	req.Header.Set("Authorization", "Bearer "+c.bearer)
	if c.debug {
		log.Printf("authorized: %v", req.Header) // want `http.Header \(may hold Authorization`
	}
}

func (c *Client) authorized(url string) (*http.Response, error) {
	req, err := http.NewRequest(http.MethodGet, url, nil)
	if err != nil {
		return nil, err
	}
	c.authorize(req)
	return c.hc.Do(req)
}

// Its caller sends the same request again: from the second attempt on,
// the log shows what the first one set.
func (c *Client) doOnce(req *http.Request) (*http.Response, error) {
	log.Printf("header: %v", req.Header) // want `http.Header \(may hold Authorization`
	req.SetBasicAuth(c.user, c.key)
	return c.hc.Do(req)
}

func (c *Client) Retry(url string) (resp *http.Response, err error) {
	req, err := http.NewRequest(http.MethodGet, url, nil)
	if err != nil {
		return nil, err
	}
	for range 3 {
		if resp, err = c.doOnce(req); err == nil {
			return resp, nil
		}
	}
	return nil, err
}

// A retry by recursion logs what the previous call set.
func (c *Client) doRec(req *http.Request, attempt int) (*http.Response, error) {
	log.Printf("header: %v", req.Header) // want `http.Header \(may hold Authorization`
	req.SetBasicAuth(c.user, c.key)
	resp, err := c.hc.Do(req)
	if err != nil && attempt < 3 {
		return c.doRec(req, attempt+1)
	}
	return resp, err
}

func (c *Client) Rec(req *http.Request) (*http.Response, error) { return c.doRec(req, 0) }

// A deferred log runs after the credential is set.
func (c *Client) deferred(req *http.Request) (*http.Response, error) {
	defer log.Printf("header: %v", req.Header) // want `http.Header \(may hold Authorization`
	req.SetBasicAuth(c.user, c.key)
	return c.hc.Do(req)
}

func (c *Client) Deferred(url string) (*http.Response, error) {
	req, err := http.NewRequest(http.MethodGet, url, nil)
	if err != nil {
		return nil, err
	}
	return c.deferred(req)
}

// Its caller tries once more with the same request, which the first call
// authenticated.
func (c *Client) doTwice(req *http.Request) (*http.Response, error) {
	log.Printf("header: %v", req.Header) // want `http.Header \(may hold Authorization`
	req.SetBasicAuth(c.user, c.key)
	return c.hc.Do(req)
}

func (c *Client) Twice(url string) (*http.Response, error) {
	req, err := http.NewRequest(http.MethodGet, url, nil)
	if err != nil {
		return nil, err
	}
	resp, err := c.doTwice(req)
	if err != nil {
		resp, err = c.doTwice(req)
	}
	return resp, err
}

// A request held in a field: what else set it is not known here.
type session struct {
	c   *Client
	req *http.Request
}

func (c *Client) doHeld(req *http.Request) (*http.Response, error) {
	log.Printf("header: %v", req.Header) // want `http.Header \(may hold Authorization`
	req.SetBasicAuth(c.user, c.key)
	return c.hc.Do(req)
}

func (s *session) Send() (*http.Response, error) { return s.c.doHeld(s.req) }

func retry(n int, op func() error) (err error) {
	for range n {
		if err = op(); err == nil {
			return nil
		}
	}
	return err
}

// A closure that a helper may call again logs what its last call set.
func (c *Client) Closure(url string) error {
	req, err := http.NewRequest(http.MethodGet, url, nil)
	if err != nil {
		return err
	}
	return retry(3, func() error {
		log.Printf("header: %v", req.Header) // want `http.Header \(may hold Authorization`
		req.SetBasicAuth(c.user, c.key)
		_, err := c.hc.Do(req)
		return err
	})
}
