// Package handoff holds retry loops that, on some outcome, hand the rest
// of the work to another call and leave.
package handoff

import (
	"bytes"
	"crypto/rand"
	"errors"
	"net/http"
	"strconv"
	"time"
)

type client struct {
	http *http.Client
	quit chan struct{}
}

func (c *client) upload(b []byte) error {
	req, err := http.NewRequest(http.MethodPost, "https://api.example.com/v1/batch", bytes.NewReader(b))
	if err != nil {
		return err
	}
	resp, err := c.http.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return errors.New(strconv.Itoa(resp.StatusCode))
	}
	return nil
}

// send retries the POST of each batch after any error; on a 421 it
// hands all the batches again to a new call of itself and leaves. The
// loop repeats the write: one report, for the loop.
func (c *client) send(batches [][]byte) {
	for _, b := range batches {
		for i := 0; i < 10; i++ {
			err := c.upload(b) // want `POST is retried after a transport error without an idempotency key \(upload sends it\)`
			if err == nil {
				break
			}
			if err.Error() == "421" {
				c.send(batches)
				return
			}
			select {
			case <-time.After(time.Duration(100<<i) * time.Millisecond):
			case <-c.quit:
				return
			}
		}
	}
}

// sendWhenReady waits for the server to be ready and then posts once:
// the post ends the loop, which repeats no write.
func (c *client) sendWhenReady(ready func() bool, b []byte) error {
	for i := 0; i < 10; i++ {
		if ready() {
			return c.upload(b)
		}
		select {
		case <-time.After(time.Second):
		case <-c.quit:
			return errors.New("closed")
		}
	}
	return errors.New("not ready")
}

// postKey posts b with the key it is handed, none for "".
func (c *client) postKey(b []byte, key string) (*http.Response, error) {
	req, err := http.NewRequest(http.MethodPost, "https://api.example.com/v1/items", bytes.NewReader(b))
	if err != nil {
		return nil, err
	}
	if key != "" {
		req.Header.Set("Idempotency-Key", key)
	}
	return c.http.Do(req)
}

// nested retries the POST in two loops, neither with a key: one report,
// for the outer loop, whose key then serves the inner loop's attempts
// too.
func (c *client) nested(b []byte) (*http.Response, error) {
	for i := 0; i < 3; i++ {
		for j := 0; j < 3; j++ {
			resp, err := c.postKey(b, "") // want `POST is retried after a transport error without an idempotency key`
			if err != nil {
				time.Sleep(time.Second)
				continue
			}
			if resp.StatusCode == http.StatusServiceUnavailable {
				resp.Body.Close()
				break
			}
			return resp, nil
		}
		time.Sleep(time.Second)
	}
	return nil, errors.New("no attempt left")
}

// nestedFresh makes the key anew for each attempt of the inner loop, from
// the outer loop's counter: the outer loop's fix cannot move it before
// itself, the inner loop's can, before the inner loop.
func (c *client) nestedFresh(b []byte) (*http.Response, error) {
	for i := 0; i < 3; i++ {
		for j := 0; j < 3; j++ {
			key := strconv.Itoa(i) + "-" + rand.Text()
			resp, err := c.postKey(b, key) // want `POST is retried after a transport error with an idempotency key made anew for each attempt`
			if err != nil {
				time.Sleep(time.Second)
				continue
			}
			if resp.StatusCode == http.StatusServiceUnavailable {
				resp.Body.Close()
				break
			}
			return resp, nil
		}
		time.Sleep(time.Second)
	}
	return nil, errors.New("no attempt left")
}

// viaRealms tries each realm the server named: a token fetched from
// it, then the request, after which the loop leaves. The token POST goes
// to another realm each time, and the request is sent once: a failover
// whose attempt ends with the send that leaves it, no retry of a write.
func (c *client) viaRealms(realms []string, req *http.Request) (*http.Response, error) {
	for _, realm := range realms {
		tok, err := c.token(realm)
		if err != nil {
			continue
		}
		req.Header.Set("Authorization", "Bearer "+tok)
		return c.http.Do(req)
	}
	return c.http.Do(req)
}

// token posts to a realm's token endpoint.
func (c *client) token(realm string) (string, error) {
	resp, err := c.http.Post(realm, "application/x-www-form-urlencoded", bytes.NewReader([]byte("grant_type=client_credentials")))
	if err != nil {
		return "", err
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return "", errors.New(resp.Status)
	}
	return resp.Header.Get("X-Token"), nil
}
