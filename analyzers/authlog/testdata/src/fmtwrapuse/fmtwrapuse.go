// Package fmtwrapuse: requests and credentials through a project
// logger's printf methods that format before they log (package fmtwrap).
package fmtwrapuse

import (
	"net/http"

	"fmtwrap"
)

type Client struct {
	hc    *http.Client
	log   *fmtwrap.Logger
	token string
}

func (c *Client) send(url string) (*http.Response, error) {
	req, err := http.NewRequest("GET", url, nil)
	if err != nil {
		return nil, err
	}
	req.Header.Set("Authorization", "Bearer "+c.token)
	// Must stay silent: %p prints the request's address, %T its type.
	c.log.Debugf("sending %p", req)
	c.log.Debugf("sending a %T to %s", req, req.URL.Redacted())
	c.log.Errorf("request %p failed", req)
	// Must flag: %v prints the header.
	c.log.Debugf("sending %v", req) // want `request formatted whole`
	// Must flag: the token, through the error's text.
	c.log.Errorf("auth %s rejected", req.Header.Get("Authorization")) // want `Authorization header value reaches`
	// Must flag: Tracef logs its arguments whole, whatever the verb.
	c.log.Tracef("sending %p", req) // want `request formatted whole`
	// Must flag: the header value, not the request tagged with %p.
	c.log.Logf(3, "[Req:%p] auth:%s", req, req.Header.Get("Authorization")) // want `Authorization header value reaches \(\*fmtwrap.Logger\).Logf`
	return c.hc.Do(req)
}
