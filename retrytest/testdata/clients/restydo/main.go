// Command restydo sends requests through an SDK-style helper,
// do(method, path, body), over a resty client with SetRetryCount: resty
// retries every transport error, whatever the method, the defect that
// retryidempotency reports at the helper's Execute: a POST whose answer
// was lost is sent again and may be applied twice.
//
//	restydo METHOD http://127.0.0.1:8080/charges
package main

import (
	"flag"
	"fmt"
	"net/url"
	"os"
	"time"

	"github.com/go-resty/resty/v2"
)

type client struct {
	r    *resty.Client
	base string
}

func newClient(base string) *client {
	return &client{
		r: resty.New().
			SetRetryCount(3).
			SetRetryWaitTime(100 * time.Millisecond).
			SetRetryMaxWaitTime(200 * time.Millisecond),
		base: base,
	}
}

// do sends body to path with method and returns the answer.
func (c *client) do(method, path string, body []byte) (*resty.Response, error) {
	return c.r.R().SetHeader("Content-Type", "application/json").SetBody(body).Execute(method, c.base+path)
}

func main() {
	flag.Parse()
	if flag.NArg() != 2 {
		fmt.Fprintln(os.Stderr, "usage: restydo METHOD URL")
		os.Exit(2)
	}
	u, err := url.Parse(flag.Arg(1))
	if err != nil {
		fmt.Fprintln(os.Stderr, "restydo:", err)
		os.Exit(2)
	}
	var body []byte
	if m := flag.Arg(0); m != "GET" && m != "HEAD" {
		body = []byte(`{"customer":"c_42","amount":1999,"currency":"EUR"}`)
	}
	c := newClient(u.Scheme + "://" + u.Host)
	resp, err := c.do(flag.Arg(0), u.Path, body)
	if err != nil {
		fmt.Fprintln(os.Stderr, "restydo:", err)
		os.Exit(1)
	}
	fmt.Println(resp.StatusCode())
}
