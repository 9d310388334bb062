// Package preauth logs a request before the function that authenticates
// it adds the credential: what that function received held none, when
// each of its calls hands it a request no earlier call authenticated.
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

// Silent: the credential is set after the log.
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

// Silent: built here, logged, then authenticated by a helper that is
// itself pre-auth.
func (c *Client) Get(url string) (*http.Response, error) {
	req, err := http.NewRequest(http.MethodGet, url, nil)
	if err != nil {
		return nil, err
	}
	debugRequest(req)
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
