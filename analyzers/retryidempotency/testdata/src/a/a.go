package a

import (
	"bytes"
	"context"
	"errors"
	"net/http"
	"net/url"
	"strconv"
	"time"

	"github.com/google/uuid"

	"keys"
	"keys/wrap"
)

// ---- must flag ----

func clientPost(c *http.Client, u string, body []byte) (*http.Response, error) {
	var lastErr error
	for attempt := 0; attempt < 3; attempt++ {
		resp, err := c.Post(u, "application/json", bytes.NewReader(body)) // want `POST is retried after a transport error without an idempotency key \(the write may be applied twice\)`
		if err != nil {
			lastErr = err
			time.Sleep(time.Second)
			continue
		}
		return resp, nil
	}
	return nil, lastErr
}

func pkgPost(u string) *http.Response {
	for {
		resp, err := http.Post(u, "text/plain", nil) // want `POST is retried after a transport error without an idempotency key`
		if err == nil {
			return resp
		}
		time.Sleep(time.Second)
	}
}

func retriedOn5xx(c *http.Client, u string, body []byte) (*http.Response, error) {
	for attempt := 0; attempt < 3; attempt++ {
		req, err := http.NewRequest(http.MethodPost, u, bytes.NewReader(body))
		if err != nil {
			return nil, err
		}
		resp, err := c.Do(req) // want `POST is retried after status 500 without an idempotency key`
		if err != nil {
			return nil, err
		}
		if resp.StatusCode >= 500 {
			resp.Body.Close()
			continue
		}
		return resp, nil
	}
	return nil, errors.New("gave up")
}

func patchSwitch(c *http.Client, u string) (*http.Response, error) {
	for attempt := 0; attempt < 3; attempt++ {
		req, err := http.NewRequest("PATCH", u, nil)
		if err != nil {
			return nil, err
		}
		resp, err := c.Do(req) // want `PATCH is retried after status 502 without an idempotency key`
		if err != nil {
			return nil, err
		}
		switch resp.StatusCode {
		case http.StatusBadGateway, http.StatusGatewayTimeout:
			resp.Body.Close()
			continue
		}
		return resp, nil
	}
	return nil, nil
}

func methodVariable(c *http.Client, u string) error {
	method := http.MethodPost
	for range 3 {
		req, err := http.NewRequest(method, u, nil)
		if err != nil {
			return err
		}
		resp, err := c.Do(req) // want `POST is retried after a transport error`
		if err != nil {
			continue
		}
		return resp.Body.Close()
	}
	return nil
}

func builtBeforeLoop(ctx context.Context, c *http.Client, u string) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, u, nil)
	if err != nil {
		return err
	}
	for attempt := 0; attempt < 3; attempt++ {
		resp, err := c.Do(req) // want `POST is retried after a transport error`
		if err == nil {
			return resp.Body.Close()
		}
	}
	return err
}

func postForm(c *http.Client, u string, v url.Values) *http.Response {
	for {
		resp, err := c.PostForm(u, v) // want `POST is retried after a transport error`
		if err != nil {
			continue
		}
		return resp
	}
}

func freshUUID(c *http.Client, u string) (*http.Response, error) {
	for attempt := 0; attempt < 3; attempt++ {
		req, err := http.NewRequest(http.MethodPost, u, nil)
		if err != nil {
			return nil, err
		}
		req.Header.Set("Idempotency-Key", uuid.NewString()) // want `POST is retried after a transport error with an idempotency key made anew for each attempt`
		resp, err := c.Do(req)
		if err != nil {
			continue
		}
		return resp, nil
	}
	return nil, nil
}

func freshClock(c *http.Client, u string) (*http.Response, error) {
	for attempt := 0; attempt < 3; attempt++ {
		key := strconv.FormatInt(time.Now().UnixNano(), 10)
		req, err := http.NewRequest(http.MethodPost, u, nil)
		if err != nil {
			return nil, err
		}
		req.Header.Set("Idempotency-Key", key) // want `with an idempotency key made anew for each attempt`
		resp, err := c.Do(req)
		if err != nil {
			continue
		}
		return resp, nil
	}
	return nil, nil
}

func newKey() string { return uuid.New().String() }

func freshLocalHelper(c *http.Client, u string) (*http.Response, error) {
	for attempt := 0; attempt < 3; attempt++ {
		req, err := http.NewRequest(http.MethodPost, u, nil)
		if err != nil {
			return nil, err
		}
		req.Header.Set("X-Idempotency-Key", newKey()) // want `with an idempotency key made anew for each attempt`
		resp, err := c.Do(req)
		if err != nil {
			continue
		}
		return resp, nil
	}
	return nil, nil
}

func freshOtherPackage(c *http.Client, u string) (*http.Response, error) {
	for attempt := 0; attempt < 3; attempt++ {
		req, err := http.NewRequest(http.MethodPost, u, nil)
		if err != nil {
			return nil, err
		}
		req.Header.Set("Idempotency-Key", keys.New()) // want `with an idempotency key made anew for each attempt`
		resp, err := c.Do(req)
		if err != nil {
			continue
		}
		return resp, nil
	}
	return nil, nil
}

// The helper of the same package makes no fresh value: one key for every
// attempt, nothing to report.
func sameKeyWrappedPackage(c *http.Client, u string) (*http.Response, error) {
	for attempt := 0; attempt < 3; attempt++ {
		req, err := http.NewRequest(http.MethodPost, u, nil)
		if err != nil {
			return nil, err
		}
		req.Header.Set("Idempotency-Key", wrap.Name())
		resp, err := c.Do(req)
		if err != nil {
			continue
		}
		return resp, nil
	}
	return nil, nil
}

// The key comes from a package that makes it through another one.
func freshWrappedPackage(c *http.Client, u string) (*http.Response, error) {
	for attempt := 0; attempt < 3; attempt++ {
		req, err := http.NewRequest(http.MethodPost, u, nil)
		if err != nil {
			return nil, err
		}
		req.Header.Set("Idempotency-Key", wrap.Key()) // want `with an idempotency key made anew for each attempt`
		resp, err := c.Do(req)
		if err != nil {
			continue
		}
		return resp, nil
	}
	return nil, nil
}

func notOK(ctx context.Context, c *http.Client, u string) error {
	for range 3 {
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, u, nil)
		if err != nil {
			return err
		}
		resp, err := c.Do(req) // want `POST is retried after status 201 without an idempotency key`
		if err != nil {
			return err
		}
		resp.Body.Close()
		if resp.StatusCode != http.StatusOK {
			continue
		}
		return nil
	}
	return errors.New("gave up")
}

func labelled(c *http.Client, urls []string, u string) {
retry:
	for attempt := 0; attempt < 3; attempt++ {
		resp, err := c.Post(u, "text/plain", nil) // want `POST is retried after a transport error`
		if err != nil {
			for _, x := range urls {
				if x == u {
					continue retry
				}
			}
			return
		}
		resp.Body.Close()
		return
	}
}

func statusClass(c *http.Client, u string) (*http.Response, error) {
	for attempt := 0; attempt < 3; attempt++ {
		req, err := http.NewRequest(http.MethodPost, u, nil)
		if err != nil {
			return nil, err
		}
		resp, err := c.Do(req) // want `POST is retried after status 500`
		if err != nil {
			return nil, err
		}
		if resp.StatusCode/100 == 5 {
			continue
		}
		return resp, nil
	}
	return nil, nil
}

func successOrRetry(c *http.Client, u string) (*http.Response, error) {
	for attempt := 0; attempt < 3; attempt++ {
		req, _ := http.NewRequest(http.MethodPost, u, nil)
		resp, err := c.Do(req) // want `POST is retried after a transport error`
		if err == nil && resp.StatusCode < 300 {
			return resp, nil
		}
	}
	return nil, errors.New("gave up")
}

// ---- must stay silent ----

func getRetried(c *http.Client, u string) *http.Response {
	for {
		resp, err := c.Get(u)
		if err == nil {
			return resp
		}
	}
}

func putRetried(c *http.Client, u string) error {
	for range 3 {
		req, _ := http.NewRequest(http.MethodPut, u, nil)
		if resp, err := c.Do(req); err == nil {
			return resp.Body.Close()
		}
	}
	return nil
}

func deleteRetried(c *http.Client, u string) error {
	for range 3 {
		req, _ := http.NewRequest("DELETE", u, nil)
		if resp, err := c.Do(req); err == nil {
			return resp.Body.Close()
		}
	}
	return nil
}

func headAndOptions(c *http.Client, u string) {
	for range 3 {
		req, _ := http.NewRequest(http.MethodOptions, u, nil)
		if resp, err := c.Do(req); err == nil {
			resp.Body.Close()
			return
		}
		if resp, err := c.Head(u); err == nil {
			resp.Body.Close()
			return
		}
	}
}

func keyBeforeLoop(c *http.Client, u string) (*http.Response, error) {
	key := uuid.NewString()
	for attempt := 0; attempt < 3; attempt++ {
		req, err := http.NewRequest(http.MethodPost, u, nil)
		if err != nil {
			return nil, err
		}
		req.Header.Set("Idempotency-Key", key)
		resp, err := c.Do(req)
		if err != nil {
			continue
		}
		return resp, nil
	}
	return nil, nil
}

func keyFromParam(c *http.Client, u, key string) (*http.Response, error) {
	for attempt := 0; attempt < 3; attempt++ {
		req, _ := http.NewRequest(http.MethodPost, u, nil)
		req.Header.Set("idempotency-key", key)
		resp, err := c.Do(req)
		if err != nil {
			continue
		}
		return resp, nil
	}
	return nil, nil
}

type order struct{ key string }

func keyFromField(c *http.Client, u string, o order) (*http.Response, error) {
	for attempt := 0; attempt < 3; attempt++ {
		req, _ := http.NewRequest(http.MethodPost, u, nil)
		req.Header["Idempotency-Key"] = []string{o.key}
		resp, err := c.Do(req)
		if err != nil {
			continue
		}
		return resp, nil
	}
	return nil, nil
}

func fixedKeyHelper(c *http.Client, u string) (*http.Response, error) {
	for attempt := 0; attempt < 3; attempt++ {
		req, _ := http.NewRequest(http.MethodPost, u, nil)
		req.Header.Set("X-Idempotency-Key", keys.Fixed())
		resp, err := c.Do(req)
		if err != nil {
			continue
		}
		return resp, nil
	}
	return nil, nil
}

func onlyThrottled(c *http.Client, u string) (*http.Response, error) {
	for attempt := 0; attempt < 3; attempt++ {
		resp, err := c.Post(u, "application/json", nil)
		if err != nil {
			return nil, err
		}
		if resp.StatusCode == http.StatusTooManyRequests || resp.StatusCode == http.StatusServiceUnavailable {
			resp.Body.Close()
			time.Sleep(time.Second)
			continue
		}
		return resp, nil
	}
	return nil, errors.New("still throttled")
}

func onlyDeclinedSwitch(c *http.Client, u string) (*http.Response, error) {
	for attempt := 0; attempt < 3; attempt++ {
		req, _ := http.NewRequest(http.MethodPatch, u, nil)
		resp, err := c.Do(req)
		if err != nil {
			return nil, err
		}
		switch resp.StatusCode {
		case 408, 425, 429, 503:
			resp.Body.Close()
			continue
		default:
			return resp, nil
		}
	}
	return nil, nil
}

func perItem(c *http.Client, u string, items [][]byte) {
	for _, item := range items {
		resp, err := c.Post(u, "application/json", bytes.NewReader(item))
		if err != nil {
			continue
		}
		resp.Body.Close()
	}
}

func methodParam(c *http.Client, method, u string) error {
	for range 3 {
		req, _ := http.NewRequest(method, u, nil)
		if resp, err := c.Do(req); err == nil {
			return resp.Body.Close()
		}
	}
	return nil
}

// A PUT or a POST, by the path taken: the POST is retried.
func methodTwoValues(c *http.Client, u string, update bool) error {
	method := http.MethodPut
	if update {
		method = http.MethodPost
	}
	for range 3 {
		req, _ := http.NewRequest(method, u, nil)
		if resp, err := c.Do(req); err == nil { // want `POST is retried after a transport error without an idempotency key`
			return resp.Body.Close()
		}
	}
	return nil
}

func noRetry(c *http.Client, u string) (*http.Response, error) {
	for {
		resp, err := c.Post(u, "text/plain", nil)
		if err != nil {
			return nil, err
		}
		return resp, nil
	}
}

// An upsert: a POST or a PATCH, a write either way.
func upsert(c *http.Client, u, id string) error {
	method := http.MethodPost
	if id != "" {
		method = http.MethodPatch
	}
	var err error
	for range 3 {
		req, rerr := http.NewRequest(method, u, nil)
		if rerr != nil {
			return rerr
		}
		var resp *http.Response
		if resp, err = c.Do(req); err == nil { // want `POST is retried after a transport error without an idempotency key`
			return resp.Body.Close()
		}
	}
	return err
}

// A GET or a HEAD: neither is a write.
func peek(c *http.Client, u string, head bool) error {
	method := http.MethodGet
	if head {
		method = http.MethodHead
	}
	var err error
	for range 3 {
		req, rerr := http.NewRequest(method, u, nil)
		if rerr != nil {
			return rerr
		}
		var resp *http.Response
		if resp, err = c.Do(req); err == nil {
			return resp.Body.Close()
		}
	}
	return err
}
