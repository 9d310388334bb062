package loops

import (
	"errors"
	"net/http"
	"time"
)

// The same call once more after a failure: a retry written out.
func once(c *http.Client, req *http.Request) (*http.Response, error) {
	resp, err := c.Do(req)
	if err != nil { // want `retry written out, the second attempt at line 14`
		time.Sleep(time.Second)
		resp, err = c.Do(req)
	}
	return resp, err
}

// After a 401 the request is sent again with a new token: a retry too,
// whose outcome the analyzers judge (a 401 is a refusal).
func refreshed(c *http.Client, req *http.Request, token func() string) (*http.Response, error) {
	resp, err := c.Do(req)
	if err == nil && resp.StatusCode == http.StatusUnauthorized { // want `retry written out, the second attempt at line 26`
		resp.Body.Close()
		req.Header.Set("Authorization", "Bearer "+token())
		resp, err = c.Do(req)
	}
	return resp, err
}

// ---- not retries ----

// Another server after a failure: not the same call.
func fallbackHost(c *http.Client, primary, secondary string) (*http.Response, error) {
	resp, err := c.Get(primary)
	if err != nil {
		resp, err = c.Get(secondary)
	}
	return resp, err
}

// The request built again from another URL between the calls.
func rebuiltOther(c *http.Client, urls []string) (*http.Response, error) {
	req, _ := http.NewRequest(http.MethodGet, urls[0], nil)
	resp, err := c.Do(req)
	if err != nil {
		req, _ = http.NewRequest(http.MethodGet, urls[1], nil)
		resp, err = c.Do(req)
	}
	return resp, err
}

// The second call does not hang on the first's outcome.
func unconditional(c *http.Client, url string, again bool) error {
	resp, err := c.Get(url)
	if err != nil {
		return err
	}
	resp.Body.Close()
	if again {
		resp, err = c.Get(url)
		if err != nil {
			return errors.New("second")
		}
		resp.Body.Close()
	}
	return nil
}

// The request is made again the same way, from a variable that changed
// between the calls: another request (an auth-style probe).
func probeStyle(c *http.Client, url string, inHeader bool) (*http.Response, error) {
	req := newStyled(url, inHeader)
	resp, err := c.Do(req)
	if err != nil {
		inHeader = !inHeader
		req = newStyled(url, inHeader)
		resp, err = c.Do(req)
	}
	return resp, err
}

func newStyled(url string, inHeader bool) *http.Request {
	req, _ := http.NewRequest(http.MethodPost, url, nil)
	if inHeader {
		req.SetBasicAuth("id", "secret")
	}
	return req
}

// The request made again the same way from the same inputs: the same
// call.
func rebuiltSame(c *http.Client, url string) (*http.Response, error) {
	req := newStyled(url, true)
	resp, err := c.Do(req)
	if err != nil { // want `retry written out, the second attempt at line 98`
		req = newStyled(url, true)
		resp, err = c.Do(req)
	}
	return resp, err
}
