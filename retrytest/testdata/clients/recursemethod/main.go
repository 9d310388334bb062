// Command recursemethod sends one call, with the method it is given,
// through a session layer shaped as SDK session layers are: a helper
// builds the request from the method it is handed, gives it the
// session's context and answers with the body and the status, and the
// retry is the function calling itself after a transport error, the
// defect that retryidempotency reports: when the server applied a POST
// but the connection dropped before the answer, it applies it again.
//
//	recursemethod METHOD http://127.0.0.1:8080
package main

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"net/http"
	"os"
	"time"
)

type session struct {
	endpoint string
	ctx      context.Context
	client   *http.Client
}

func main() {
	s := &session{endpoint: os.Args[2], ctx: context.Background(), client: http.DefaultClient}
	var body []byte
	if os.Args[1] != http.MethodGet {
		body = []byte(`{"order":42}`)
	}
	b, code, err := tryRequest(3, s, os.Args[1], "v1/createObject", body)
	if err != nil {
		fmt.Fprintln(os.Stderr, "recursemethod:", err)
		os.Exit(1)
	}
	fmt.Printf("posted %d %s\n", code, b)
}

func makeRequest(s *session, method, path string, body []byte) ([]byte, int, error) {
	req, err := http.NewRequest(method, s.endpoint+"/"+path, bytes.NewReader(body))
	if err != nil {
		return nil, 0, err
	}
	if s.ctx != nil {
		req = req.WithContext(s.ctx)
	}
	resp, err := s.client.Do(req)
	if err != nil {
		return nil, 599, err
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	return b, resp.StatusCode, err
}

func tryRequest(retries int, s *session, method, path string, body []byte) ([]byte, int, error) {
	b, code, err := makeRequest(s, method, path, body)
	if err != nil {
		if retries--; retries > 0 {
			time.Sleep(10 * time.Millisecond)
			return tryRequest(retries, s, method, path, body)
		}
	}
	return b, code, err
}
