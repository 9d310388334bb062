// Command recursepost sends one request, of the method it is given,
// through a RoundTripper that retries by recursion: RoundTrip makes the
// first attempt and hands its response to resend, which sends the request
// again after a 504, whatever the method, and hands itself the new
// response. That is the defect that retryidempotency reports, since a POST
// whose 504 came after the server applied it is applied a second time.
//
//	recursepost POST http://127.0.0.1:8080/charges
package main

import (
	"fmt"
	"io"
	"net/http"
	"os"
	"strings"
	"time"
)

type retrier struct {
	next http.RoundTripper
	body string
}

func (t *retrier) RoundTrip(req *http.Request) (*http.Response, error) {
	resp, err := t.next.RoundTrip(req)
	if err != nil {
		return resp, err
	}
	return t.resend(req, resp, 0)
}

func (t *retrier) resend(req *http.Request, resp *http.Response, n int) (*http.Response, error) {
	if resp.StatusCode == http.StatusGatewayTimeout && n < 3 {
		resp.Body.Close()
		select {
		case <-req.Context().Done():
			return nil, req.Context().Err()
		case <-time.After(10 * time.Millisecond):
		}
		if t.body != "" {
			req.Body = io.NopCloser(strings.NewReader(t.body))
		}
		next, err := t.next.RoundTrip(req)
		if err != nil {
			return next, err
		}
		return t.resend(req, next, n+1)
	}
	return resp, nil
}

func main() {
	method, url := os.Args[1], os.Args[2]
	body := ""
	if method != http.MethodGet {
		body = `{"customer":"c_42","amount":1999,"currency":"EUR"}`
	}
	req, err := http.NewRequest(method, url, strings.NewReader(body))
	if err != nil {
		fmt.Fprintln(os.Stderr, "recursepost:", err)
		os.Exit(2)
	}
	c := &http.Client{Transport: &retrier{next: http.DefaultTransport, body: body}}
	resp, err := c.Do(req)
	if err != nil {
		fmt.Fprintln(os.Stderr, "recursepost:", err)
		os.Exit(1)
	}
	resp.Body.Close()
	if resp.StatusCode >= 300 {
		fmt.Fprintln(os.Stderr, "recursepost: answered", resp.Status)
		os.Exit(1)
	}
	fmt.Println(resp.Status)
}
