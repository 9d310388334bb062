// Command errsender sends one request through a helper that re-sends it
// after a transport error or a 5xx answer, whatever its method, and tells
// its caller only whether it worked: the defect that retryidempotency
// reports, since a POST whose 502 came after the server applied it is
// applied a second time. A GET may be sent again after either.
//
//	errsender POST http://127.0.0.1:8080/charges
package main

import (
	"errors"
	"fmt"
	"io"
	"net/http"
	"os"
	"strings"
)

// send sends req up to three times, until one gets an answer below 500.
func send(hc *http.Client, req *http.Request) error {
	var lastErr error
	for try := 0; try < 3; try++ {
		if try > 0 && req.GetBody != nil {
			body, err := req.GetBody()
			if err != nil {
				return err
			}
			req.Body = body
		}
		resp, err := hc.Do(req)
		if err != nil {
			lastErr = err
			continue
		}
		resp.Body.Close()
		if resp.StatusCode >= 500 {
			lastErr = errors.New(resp.Status)
			continue
		}
		if resp.StatusCode >= 300 {
			return fmt.Errorf("answered %s", resp.Status)
		}
		return nil
	}
	return lastErr
}

func main() {
	method, url := os.Args[1], os.Args[2]
	var body io.Reader
	if method != http.MethodGet {
		body = strings.NewReader(`{"customer":"c_42","amount":1999,"currency":"EUR"}`)
	}
	req, err := http.NewRequest(method, url, body)
	if err != nil {
		fmt.Fprintln(os.Stderr, "errsender:", err)
		os.Exit(2)
	}
	if err := send(http.DefaultClient, req); err != nil {
		fmt.Fprintln(os.Stderr, "errsender:", err)
		os.Exit(1)
	}
	fmt.Println("done")
}
