// Command statuspost sends one request, of the method it is given,
// through a sender that turns every answer other than 2xx into an error
// (checkResponse) and sends the request again after a 5xx, whatever the
// method: the defect that retryidempotency reports, since a POST whose
// 502 came after the server applied it is applied a second time. A 4xx
// is the caller's error, returned at once, before and after the fix.
//
//	statuspost POST http://127.0.0.1:8080/charges
package main

import (
	"errors"
	"fmt"
	"io"
	"net/http"
	"os"
	"strings"
)

// HTTPError is an answer other than 2xx.
type HTTPError struct {
	StatusCode int
	Status     string
}

func (e HTTPError) Error() string { return "status " + e.Status }

func checkResponse(resp *http.Response) error {
	if resp.StatusCode >= 200 && resp.StatusCode < 300 {
		return nil
	}
	return HTTPError{StatusCode: resp.StatusCode, Status: resp.Status}
}

// send sends req up to four times, again after a 5xx.
func send(c *http.Client, req *http.Request, body string) (*http.Response, error) {
	for try := 0; ; try++ {
		if body != "" {
			req.Body = io.NopCloser(strings.NewReader(body))
		}
		resp, err := c.Do(req)
		if err != nil {
			return nil, err
		}
		if err := checkResponse(resp); err != nil {
			resp.Body.Close()
			var he HTTPError
			if errors.As(err, &he) && he.StatusCode >= 500 && try < 3 {
				continue
			}
			return nil, err
		}
		return resp, nil
	}
}

func main() {
	method, url := os.Args[1], os.Args[2]
	body := ""
	if method != http.MethodGet {
		body = `{"customer":"c_42","amount":1999,"currency":"EUR"}`
	}
	req, err := http.NewRequest(method, url, nil)
	if err != nil {
		fmt.Fprintln(os.Stderr, "statuspost:", err)
		os.Exit(2)
	}
	resp, err := send(http.DefaultClient, req, body)
	if err != nil {
		fmt.Fprintln(os.Stderr, "statuspost:", err)
		os.Exit(1)
	}
	resp.Body.Close()
	if resp.StatusCode >= 300 {
		fmt.Fprintln(os.Stderr, "statuspost: answered", resp.Status)
		os.Exit(1)
	}
	fmt.Println(resp.Status)
}
