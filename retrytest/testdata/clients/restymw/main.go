// Command restymw sends a request through a resty client whose request
// middleware gives every POST an Idempotency-Key, the defect that
// retryidempotency reports: resty runs the middleware before every attempt,
// so a retried POST carries a new key and the server applies it again.
//
//	restymw METHOD http://127.0.0.1:8080/charges
package main

import (
	"crypto/rand"
	"fmt"
	"net/http"
	"os"
	"time"

	"github.com/go-resty/resty/v2"
)

func newClient() *resty.Client {
	rc := resty.New().
		SetRetryCount(3).
		SetRetryWaitTime(100 * time.Millisecond).
		SetRetryMaxWaitTime(200 * time.Millisecond).
		AddRetryCondition(func(r *resty.Response, err error) bool {
			if err != nil {
				return true
			}
			return r.StatusCode() == http.StatusServiceUnavailable
		})
	rc.OnBeforeRequest(func(_ *resty.Client, r *resty.Request) error {
		if r.Method == resty.MethodPost {
			r.SetHeader("Idempotency-Key", rand.Text())
		}
		return nil
	})
	return rc
}

func main() {
	if len(os.Args) != 3 {
		fmt.Fprintln(os.Stderr, "usage: restymw METHOD URL")
		os.Exit(2)
	}
	req := newClient().R()
	if m := os.Args[1]; m != "GET" && m != "HEAD" {
		req.SetHeader("Content-Type", "application/json").SetBody([]byte(`{"customer":"c_42","amount":1999,"currency":"EUR"}`))
	}
	resp, err := req.Execute(os.Args[1], os.Args[2])
	if err != nil {
		fmt.Fprintln(os.Stderr, "restymw:", err)
		os.Exit(1)
	}
	fmt.Println(resp.StatusCode())
}
