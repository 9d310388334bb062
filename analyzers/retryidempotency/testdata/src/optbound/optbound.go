// Package optbound posts through a client configured by functional
// options: the client re-sends a request only when an option raised its
// retry count.
package optbound

import (
	"net/http"
	"strings"
	"time"

	"example.com/optclient"
)

// retried posts through a client configured with retries: reported.
func retried(body string) error {
	c := optclient.NewClient(optclient.WithRetryCount(3), optclient.WithTimeout(time.Second))
	req, err := http.NewRequest(http.MethodPost, "http://api.example/orders", strings.NewReader(body))
	if err != nil {
		return err
	}
	resp, err := c.Do(req) // want `POST is handed to optclient Client.Do, which re-sends it after a transport error or status 500, without an idempotency key`
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// handed posts through a client it is handed, configured elsewhere:
// reported.
func handed(c *optclient.Client, body string) error {
	req, err := http.NewRequest(http.MethodPost, "http://api.example/orders", strings.NewReader(body))
	if err != nil {
		return err
	}
	resp, err := c.Do(req) // want `POST is handed to optclient Client.Do`
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// held posts through a client configured by options held in a value,
// which may set the retry count: reported.
func held(opts []optclient.Option, body string) error {
	c := optclient.NewClient(opts...)
	req, _ := http.NewRequest(http.MethodPost, "http://api.example/orders", strings.NewReader(body))
	resp, err := c.Do(req) // want `POST is handed to optclient Client.Do`
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// attempts posts through Send, whose attempts the constructor sets to 3:
// reported.
func attempts(body string) error {
	c := optclient.NewClient()
	req, _ := http.NewRequest(http.MethodPost, "http://api.example/orders", strings.NewReader(body))
	resp, err := c.Send(req) // want `POST is handed to optclient Client.Send`
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// pre posts through a client that sends once before its loop: reported.
func pre(body string) error {
	c := optclient.NewPre()
	req, _ := http.NewRequest(http.MethodPost, "http://api.example/orders", strings.NewReader(body))
	resp, err := c.Do(req) // want `POST is handed to optclient Pre.Do`
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// fromEnv posts through a client whose constructor returns another
// client on one path: reported.
func fromEnv(env, body string) error {
	c := optclient.NewFromEnv(env)
	req, _ := http.NewRequest(http.MethodPost, "http://api.example/orders", strings.NewReader(body))
	resp, err := c.Do(req) // want `POST is handed to optclient Client.Do`
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// Silent: clients built with the default retry count, 0, send each
// request once.
func once(body string) error {
	c := optclient.NewClient(optclient.WithTimeout(time.Second))
	req, err := http.NewRequest(http.MethodPost, "http://api.example/orders", strings.NewReader(body))
	if err != nil {
		return err
	}
	resp, err := c.Do(req)
	if err != nil {
		return err
	}
	resp.Body.Close()
	resp, err = optclient.NewClient().Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}
