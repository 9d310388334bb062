// Command anymethod sends one request through its own http.RoundTripper,
// which sends the request again after a transport error whatever its
// method, the defect that retryidempotency reports: when the server applied
// a POST but the connection dropped before the answer, the transport
// applies it a second time. A GET or PUT may be sent again, and so may a
// POST with an Idempotency-Key (-key).
//
//	anymethod [-key=K] POST http://127.0.0.1:8080/charges
package main

import (
	"flag"
	"fmt"
	"io"
	"net/http"
	"os"
	"strings"
)

// retryTransport sends each request up to three times, until one gets an
// answer.
type retryTransport struct {
	next http.RoundTripper
}

func (t *retryTransport) RoundTrip(req *http.Request) (*http.Response, error) {
	if req.Body != nil {
		defer req.Body.Close()
	}
	var resp *http.Response
	var err error
	for range 3 {
		attempt := req.Clone(req.Context())
		if req.GetBody != nil {
			if attempt.Body, err = req.GetBody(); err != nil {
				return nil, err
			}
		}
		resp, err = t.next.RoundTrip(attempt)
		if err == nil {
			return resp, nil
		}
	}
	return nil, err
}

func main() {
	key := flag.String("key", "", "the Idempotency-Key to send, if any")
	flag.Parse()
	method, url := flag.Arg(0), flag.Arg(1)
	var body io.Reader
	if method != http.MethodGet {
		body = strings.NewReader(`{"customer":"c_42","amount":1999,"currency":"EUR"}`)
	}
	req, err := http.NewRequest(method, url, body)
	if err != nil {
		fmt.Fprintln(os.Stderr, "anymethod:", err)
		os.Exit(2)
	}
	if *key != "" {
		req.Header.Set("Idempotency-Key", *key)
	}
	c := &http.Client{Transport: &retryTransport{next: http.DefaultTransport}}
	resp, err := c.Do(req)
	if err != nil {
		fmt.Fprintln(os.Stderr, "anymethod:", err)
		os.Exit(1)
	}
	resp.Body.Close()
	fmt.Println(resp.Status)
}
