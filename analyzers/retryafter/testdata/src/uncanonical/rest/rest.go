// Package rest is a client library whose Response copies the header of
// net/http's response into a map of its own.
package rest

import "net/http"

// Response is what a request returns.
type Response struct {
	StatusCode int
	Body       string
	Headers    map[string][]string // want Headers:"headermap"
	// Meta holds names the library chose: not a received header.
	Meta map[string][]string
}

// Send sends req and copies the response.
func Send(c *http.Client, req *http.Request) (*Response, error) {
	res, err := c.Do(req)
	if err != nil {
		return nil, err
	}
	defer res.Body.Close()
	return &Response{
		StatusCode: res.StatusCode,
		Headers:    res.Header,
		Meta:       map[string][]string{"X-RateLimit-Reset": {"0"}},
	}, nil
}
