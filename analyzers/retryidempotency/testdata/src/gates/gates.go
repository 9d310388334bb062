// Package gates holds candidates the analyzer drops without a report,
// which it names under RETRYLINT_GATES=1.
package gates

import (
	"context"
	"net/http"
	"time"
)

func pick() string { return http.MethodPost }

// The method is a call's result: the send is not resolved.
func unresolved(ctx context.Context, c *http.Client, url string) error {
	var err error
	for attempt := 0; attempt < 3; attempt++ {
		req, _ := http.NewRequestWithContext(ctx, pick(), url, nil)
		var resp *http.Response
		resp, err = c.Do(req) // want `\[gate:send-unresolved-request\]`
		if err == nil {
			resp.Body.Close()
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

// A POST retried after a transport error is reported as usual.
func reported(ctx context.Context, c *http.Client, url string) error {
	var err error
	for attempt := 0; attempt < 3; attempt++ {
		req, _ := http.NewRequestWithContext(ctx, http.MethodPost, url, nil)
		var resp *http.Response
		resp, err = c.Do(req) // want `POST is retried`
		if err == nil {
			resp.Body.Close()
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

func sendPicked(ctx context.Context, c *http.Client, url string) error {
	req, err := http.NewRequestWithContext(ctx, pick(), url, nil)
	if err != nil {
		return err
	}
	resp, err := c.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// A helper without a fact of the method it sends: the call is not
// resolved.
func unresolvedCall(ctx context.Context, c *http.Client, url string) error {
	var err error
	for attempt := 0; attempt < 3; attempt++ {
		if err = sendPicked(ctx, c, url); err == nil { // want `\[gate:send-unresolved-call\]`
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}
