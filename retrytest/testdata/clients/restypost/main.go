// Command restypost sends a request through a resty client whose retry
// condition retries every transport error and a 503, whatever the method,
// the defect that retryidempotency reports: a POST whose answer was lost
// is sent again and may be applied twice.
//
//	restypost [-key key] METHOD http://127.0.0.1:8080/charges
package main

import (
	"flag"
	"fmt"
	"net/http"
	"os"
	"time"

	"github.com/go-resty/resty/v2"
)

func newClient() *resty.Client {
	return resty.New().
		SetRetryCount(3).
		SetRetryWaitTime(100 * time.Millisecond).
		SetRetryMaxWaitTime(200 * time.Millisecond).
		AddRetryCondition(func(r *resty.Response, err error) bool {
			if err != nil {
				return true
			}
			return r.StatusCode() == http.StatusServiceUnavailable
		})
}

// send sends req, with body, to url with method, and returns the status
// of the answer.
func send(req *resty.Request, method, url string, body []byte) (int, error) {
	if body != nil {
		req.SetHeader("Content-Type", "application/json").SetBody(body)
	}
	resp, err := req.Execute(method, url)
	if err != nil {
		return 0, err
	}
	return resp.StatusCode(), nil
}

func main() {
	key := flag.String("key", "", "an Idempotency-Key for the request")
	flag.Parse()
	if flag.NArg() != 2 {
		fmt.Fprintln(os.Stderr, "usage: restypost [-key key] METHOD URL")
		os.Exit(2)
	}
	req := newClient().R()
	if *key != "" {
		req.SetHeader("Idempotency-Key", *key)
	}
	var body []byte
	if m := flag.Arg(0); m != "GET" && m != "HEAD" {
		body = []byte(`{"customer":"c_42","amount":1999,"currency":"EUR"}`)
	}
	status, err := send(req, flag.Arg(0), flag.Arg(1), body)
	if err != nil {
		fmt.Fprintln(os.Stderr, "restypost:", err)
		os.Exit(1)
	}
	fmt.Println(status)
}
