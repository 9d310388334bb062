// Command timedpatch sends one request, of the method it is given,
// through a sender that also returns how long the last attempt took. It
// re-sends a GET after a 500, and any request but a POST after a 502 or
// 504: the defect that retryidempotency reports, since a PATCH whose 502
// came after the server applied it is applied a second time. A POST
// answered 502 is returned at once, before and after the fix.
//
//	timedpatch PATCH http://127.0.0.1:8080/charges
package main

import (
	"fmt"
	"io"
	"net/http"
	"os"
	"strings"
	"time"
)

// send sends req up to four times and returns the last answer with the
// time its attempt took.
func send(c *http.Client, req *http.Request, body string) (*http.Response, time.Duration, error) {
	var resp *http.Response
	var took time.Duration
	var err error
	for try := 1; ; try++ {
		if body != "" {
			req.Body = io.NopCloser(strings.NewReader(body))
		}
		start := time.Now()
		resp, err = c.Do(req)
		took = time.Since(start)
		if err != nil {
			return resp, took, err
		}
		switch resp.StatusCode {
		case http.StatusInternalServerError:
			if req.Method != http.MethodGet {
				return resp, took, err
			}
		case http.StatusBadGateway, http.StatusGatewayTimeout:
			if req.Method == http.MethodPost {
				return resp, took, err
			}
		default:
			return resp, took, err
		}
		if try >= 4 {
			break
		}
		resp.Body.Close()
		time.Sleep(10 * time.Millisecond)
	}
	return resp, took, err
}

func main() {
	method, url := os.Args[1], os.Args[2]
	body := ""
	if method != http.MethodGet {
		body = `{"customer":"c_42","amount":1999,"currency":"EUR"}`
	}
	req, err := http.NewRequest(method, url, nil)
	if err != nil {
		fmt.Fprintln(os.Stderr, "timedpatch:", err)
		os.Exit(2)
	}
	resp, took, err := send(http.DefaultClient, req, body)
	if err != nil {
		fmt.Fprintln(os.Stderr, "timedpatch:", err)
		os.Exit(1)
	}
	resp.Body.Close()
	if took < 0 {
		fmt.Fprintln(os.Stderr, "timedpatch: negative time")
		os.Exit(2)
	}
	if resp.StatusCode >= 300 {
		fmt.Fprintln(os.Stderr, "timedpatch: answered", resp.Status)
		os.Exit(1)
	}
	fmt.Println(resp.Status)
}
