// Command outcomepost sends one request through its own http.RoundTripper,
// which sends the request again after a transport error or a 5xx answer,
// whatever its method: the defect that retryidempotency reports, since a
// POST whose 502 came after the server applied it is applied a second
// time. A GET may be sent again after either.
//
//	outcomepost POST http://127.0.0.1:8080/charges
package main

import (
	"fmt"
	"io"
	"net/http"
	"os"
	"strings"
)

// retryTransport sends each request up to three times, until one gets an
// answer below 500.
type retryTransport struct {
	next http.RoundTripper
}

func (t *retryTransport) RoundTrip(req *http.Request) (*http.Response, error) {
	var resp *http.Response
	var err error
	for try := 0; try < 3; try++ {
		if try > 0 && req.GetBody != nil {
			body, gerr := req.GetBody()
			if gerr != nil {
				return nil, gerr
			}
			req.Body = body
		}
		resp, err = t.next.RoundTrip(req)
		if err != nil {
			continue
		}
		if resp.StatusCode < 500 {
			return resp, nil
		}
		if try < 2 {
			resp.Body.Close()
		}
	}
	return resp, err
}

func main() {
	method, url := os.Args[1], os.Args[2]
	var body io.Reader
	if method != http.MethodGet {
		body = strings.NewReader(`{"customer":"c_42","amount":1999,"currency":"EUR"}`)
	}
	req, err := http.NewRequest(method, url, body)
	if err != nil {
		fmt.Fprintln(os.Stderr, "outcomepost:", err)
		os.Exit(2)
	}
	c := &http.Client{Transport: &retryTransport{next: http.DefaultTransport}}
	resp, err := c.Do(req)
	if err != nil {
		fmt.Fprintln(os.Stderr, "outcomepost:", err)
		os.Exit(1)
	}
	resp.Body.Close()
	if resp.StatusCode >= 300 {
		fmt.Fprintln(os.Stderr, "outcomepost: answered", resp.Status)
		os.Exit(1)
	}
	fmt.Println(resp.Status)
}
