package loops

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"net/http"
	"time"
)

// ---- retries by recursion ----

type transport struct {
	c        *http.Client
	endpoint string
}

// post reports whether a failed send may be tried again.
func (t *transport) post(body []byte) (bool, error) {
	req, err := http.NewRequest(http.MethodPost, t.endpoint, bytes.NewReader(body))
	if err != nil {
		return false, err
	}
	resp, err := t.c.Do(req)
	if err != nil {
		return true, err
	}
	resp.Body.Close()
	return resp.StatusCode == 429, nil
}

// doSend calls itself with one retry fewer after a temporary failure.
func (t *transport) doSend(body []byte, retriesLeft int) error {
	if t.endpoint != "" { // want `retry loop \(bounded\)`
		canRetry, err := t.post(body)
		if err != nil {
			if !canRetry || retriesLeft <= 0 {
				return err
			}
			return t.doSend(body, retriesLeft-1)
		}
	}
	return nil
}

// retryRequest re-sends the same request and hands the new response to
// its next call, which tests its status (a retrying middleware).
func retryRequest(ctx context.Context, next func(*http.Request) (*http.Response, error), req *http.Request, resp *http.Response, count int) (*http.Response, error) {
	if resp.StatusCode == 503 && count < 3 { // want `retry loop \(bounded\)`
		t := time.NewTimer(time.Second)
		select {
		case <-ctx.Done():
			return nil, ctx.Err()
		case <-t.C:
		}
		response, err := next(req)
		if err != nil {
			return response, err
		}
		return retryRequest(ctx, next, req, response, count+1)
	}
	return resp, nil
}

// again retries with the same arguments, forever.
func again(url string) (*http.Response, error) { // want `retry loop \(unbounded\)`
	resp, err := http.Get(url)
	if err != nil {
		return again(url)
	}
	return resp, nil
}

// ---- recursion that is iteration ----

type node struct {
	URL      string
	Children []*node
}

// walk sends one request per node of a tree.
func walk(n *node) error {
	resp, err := http.Get(n.URL)
	if err != nil {
		return err
	}
	resp.Body.Close()
	for _, c := range n.Children {
		if err := walk(c); err != nil {
			return err
		}
	}
	return nil
}

// recNextLinks follows next links by recursion.
func recNextLinks(c *http.Client, url string) error {
	resp, err := c.Get(url)
	if err != nil {
		return err
	}
	next := resp.Header.Get("Link")
	resp.Body.Close()
	if next == "" {
		return nil
	}
	return recNextLinks(c, next)
}

// recPage numbers the request it builds.
func recPage(ctx context.Context, c *http.Client, base string, n int) error {
	u := fmt.Sprintf("%s?page=%d", base, n)
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, u, nil)
	if err != nil {
		return err
	}
	resp, err := c.Do(req)
	if err != nil {
		return err
	}
	resp.Body.Close()
	if resp.StatusCode == http.StatusPartialContent {
		return recPage(ctx, c, base, n+1)
	}
	return nil
}

// redirect takes its next URL from the response into the same parameter.
func redirect(url string, hops int) (*http.Response, error) {
	resp, err := http.Get(url)
	if err != nil || hops == 0 {
		return resp, err
	}
	if resp.StatusCode == http.StatusFound {
		url = resp.Header.Get("Location")
		return redirect(url, hops-1)
	}
	return resp, nil
}

// first recurses before it sends: not a re-send.
func first(url string, depth int) error {
	if depth > 0 {
		if err := first(url, depth-1); err != nil {
			return err
		}
	}
	_, err := http.Get(url)
	return err
}

// other calls the same method on another receiver: a walk over objects.
func (t *transport) other(body []byte, peer *transport) error {
	if _, err := t.post(body); err != nil {
		return err
	}
	if peer != nil {
		return peer.other(body, nil)
	}
	return errors.New("done")
}

// goSelf starts itself in a goroutine: not an attempt of its own.
func goSelf(url string) {
	if _, err := http.Get(url); err != nil {
		go goSelf(url)
	}
}
