// Command twicepost posts a charge, and builds and posts it once more when
// the first attempt fails, a retry written out without a loop and without
// an idempotency key, the defect that retryidempotency reports: when the
// server applied the charge but the connection dropped before the answer,
// the second attempt charges the customer a second time.
//
//	twicepost http://127.0.0.1:8080/charges
package main

import (
	"bytes"
	"fmt"
	"net/http"
	"os"
	"time"
)

func main() {
	resp, err := charge(os.Args[1], []byte(`{"customer":"c_42","amount":1999,"currency":"EUR"}`))
	if err != nil {
		fmt.Fprintln(os.Stderr, "twicepost:", err)
		os.Exit(1)
	}
	resp.Body.Close()
	if resp.StatusCode >= 300 {
		fmt.Fprintln(os.Stderr, "twicepost:", resp.Status)
		os.Exit(1)
	}
	fmt.Println("charged")
}

func charge(url string, body []byte) (*http.Response, error) {
	req, err := http.NewRequest(http.MethodPost, url, bytes.NewReader(body))
	if err != nil {
		return nil, err
	}
	req.Header.Set("Content-Type", "application/json")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		time.Sleep(100 * time.Millisecond)
		req, err = http.NewRequest(http.MethodPost, url, bytes.NewReader(body))
		if err != nil {
			return nil, err
		}
		req.Header.Set("Content-Type", "application/json")
		resp, err = http.DefaultClient.Do(req)
	}
	return resp, err
}
