// Package urlwrap posts through a type that embeds *http.Client and
// declares a Do of its own.
package urlwrap

import (
	"net/http"
	"strings"
)

type authed struct {
	*http.Client
	token string
}

func (a *authed) Do(req *http.Request) (*http.Response, error) { // want Do:`sends\(param 0\)`
	req.Header.Set("Authorization", "Bearer "+a.token)
	return a.Client.Do(req)
}

// viaWrapper's a.Post is http.Client's; the key fix's rewrite into a.Do
// would run authed.Do instead, so no fix fits (and there is no report).
func viaWrapper(a *authed, u string) error {
	var err error
	for attempt := 0; attempt < 3; attempt++ {
		var resp *http.Response
		resp, err = a.Post(u, "text/plain", strings.NewReader("x"))
		if err == nil {
			return resp.Body.Close()
		}
	}
	return err
}

// viaClient's rewrite sends with the client's own Do.
func viaClient(c *http.Client, u string) error {
	var err error
	for attempt := 0; attempt < 3; attempt++ {
		var resp *http.Response
		resp, err = c.Post(u, "text/plain", strings.NewReader("x")) // want `POST is retried after a transport error without an idempotency key`
		if err == nil {
			return resp.Body.Close()
		}
	}
	return err
}
