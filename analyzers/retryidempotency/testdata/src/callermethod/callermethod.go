// Package callermethod retries a helper that builds its request with the
// method its caller hands it, gives the request the session's context
// (req = req.WithContext(ctx)) and answers with the body and the status
// rather than the response, as XML-RPC and REST session layers of SDKs
// do; the retry is a loop, or the function calling itself.
package callermethod

import (
	"bytes"
	"context"
	"errors"
	"io"
	"net"
	"net/http"
	"time"
)

type Session struct {
	Endpoint string
	Context  context.Context
	Client   *http.Client
}

func timedOut(err error) bool { // want timedOut:`predicate\(transport=\? 200=false 201=false 202=false 204=false 500=false 502=false 504=false\)`
	var ne net.Error
	return errors.As(err, &ne) && ne.Timeout()
}

func makeRequest(s *Session, method, path string, body []byte) ([]byte, int, error) {
	req, err := http.NewRequest(method, s.Endpoint+"/"+path, bytes.NewReader(body))
	if err != nil {
		return nil, 0, err
	}
	if s.Context != nil {
		req = req.WithContext(s.Context)
	}
	resp, err := s.Client.Do(req)
	if err != nil {
		return nil, 599, err
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	return b, resp.StatusCode, err
}

// tryRequest tries again by calling itself after a timeout.
func tryRequest(retries int, s *Session, method, path string, body []byte) ([]byte, int, error) {
	b, code, err := makeRequest(s, method, path, body) // want `a request of its caller's method \(method\) is re-sent after a transport error without a check of the method or an Idempotency-Key header`
	if err != nil && timedOut(err) {
		if retries--; retries > 0 {
			time.Sleep(time.Second)
			return tryRequest(retries, s, method, path, body)
		}
	}
	return b, code, err
}

// loopRequest tries again in a loop.
func loopRequest(s *Session, method, path string, body []byte) ([]byte, int, error) {
	for attempt := 0; ; attempt++ {
		b, code, err := makeRequest(s, method, path, body) // want `a request of its caller's method \(method\) is re-sent after a transport error without a check of the method or an Idempotency-Key header`
		if err == nil || attempt == 2 {
			return b, code, err
		}
		time.Sleep(time.Second)
	}
}

func CreateObject(s *Session, body []byte) ([]byte, error) { // want CreateObject:`write\(POST\)`
	b, _, err := tryRequest(3, s, http.MethodPost, "createObject", body)
	return b, err
}

func PlaceOrder(s *Session, body []byte) ([]byte, error) { // want PlaceOrder:`write\(POST\)`
	b, _, err := loopRequest(s, http.MethodPost, "placeOrder", body)
	return b, err
}

// ---- silent ----

// tryInit sends in the init of the if whose body tries again: a guard
// after the if would run after the next attempt, and none before it can
// be written, so the loop is not reported (it is no less a defect).
func tryInit(retries int, s *Session, method, path string, body []byte) (b []byte, code int, err error) {
	if b, code, err = makeRequest(s, method, path, body); err != nil && timedOut(err) && retries > 0 {
		return tryInit(retries-1, s, method, path, body)
	}
	return b, code, err
}

func Init(s *Session, body []byte) ([]byte, error) { // want Init:`write\(POST\)`
	b, _, err := tryInit(3, s, http.MethodPost, "createObject", body)
	return b, err
}

// throttled tries again by calling itself only after the server said 429
// Too Many Requests: it did not apply the request.
func throttled(retries int, s *Session, method, path string, body []byte) ([]byte, int, error) {
	b, code, err := makeRequest(s, method, path, body)
	if err == nil && code == http.StatusTooManyRequests && retries > 0 {
		time.Sleep(time.Second)
		return throttled(retries-1, s, method, path, body)
	}
	return b, code, err
}

func Throttled(s *Session, body []byte) ([]byte, error) { // want Throttled:`write\(POST\)`
	b, _, err := throttled(3, s, http.MethodPost, "createObject", body)
	return b, err
}

// readRequest is handed GET by every caller.
func readRequest(retries int, s *Session, method, path string) ([]byte, int, error) {
	b, code, err := makeRequest(s, method, path, nil)
	if err != nil && retries > 0 {
		return readRequest(retries-1, s, method, path)
	}
	return b, code, err
}

func GetObject(s *Session) ([]byte, error) {
	b, _, err := readRequest(3, s, http.MethodGet, "getObject")
	return b, err
}
