package a

import (
	"bytes"
	"net/http"
)

// postOrder sends the order once; createOrder retries it.
func postOrder(c *http.Client, u string, order []byte) error {
	req, err := http.NewRequest(http.MethodPost, u, bytes.NewReader(order))
	if err != nil {
		return err
	}
	resp, err := c.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

func createOrder(c *http.Client, u string, order []byte) error {
	var err error
	for attempt := 0; attempt < 3; attempt++ {
		if err = postOrder(c, u, order); err == nil { // want `POST is retried after a transport error without an idempotency key \(postOrder sends it\)`
			return nil
		}
	}
	return err
}

// postKeyed sets the key its caller gives it.
func postKeyed(c *http.Client, u, key string) error {
	req, err := http.NewRequest(http.MethodPost, u, nil)
	if err != nil {
		return err
	}
	req.Header.Set("Idempotency-Key", key)
	resp, err := c.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

func createKeyed(c *http.Client, u, key string) error {
	var err error
	for attempt := 0; attempt < 3; attempt++ {
		if err = postKeyed(c, u, key); err == nil {
			return nil
		}
	}
	return err
}

// postShared is called from two places: it gains the key as a parameter,
// and the caller that does not retry passes "".
func postShared(c *http.Client, u string) error {
	req, _ := http.NewRequest(http.MethodPost, u, nil)
	resp, err := c.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

func sharedOnce(c *http.Client, u string) error { return postShared(c, u) }

func sharedRetried(c *http.Client, u string) error {
	var err error
	for range 3 {
		if err = postShared(c, u); err == nil { // want `POST is retried after a transport error without an idempotency key \(postShared sends it\)`
			return nil
		}
	}
	return err
}
