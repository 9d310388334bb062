// Command retryablepost sends a request through an API client built on a
// go-retryablehttp client with the library's defaults, the defect that
// retryidempotency reports: the default CheckRetry retries a transport
// error and a 5xx whatever the method, so a POST whose answer was lost is
// sent again and may be applied twice.
//
//	retryablepost [-header Name=value] METHOD http://127.0.0.1:8080/charges
package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"
	"time"

	"github.com/hashicorp/go-retryablehttp"
)

// API sends every request of the program, whatever its method.
type API struct {
	rc *retryablehttp.Client
}

func NewAPI() *API {
	rc := retryablehttp.NewClient()
	rc.RetryMax = 3
	rc.RetryWaitMin = 100 * time.Millisecond
	rc.RetryWaitMax = 400 * time.Millisecond
	rc.Logger = nil
	return &API{rc: rc}
}

// Send sends body to url with method and the extra headers, and returns
// the status of the answer.
func (a *API) Send(ctx context.Context, method, url string, body []byte, header map[string]string) (int, error) {
	req, err := retryablehttp.NewRequestWithContext(ctx, method, url, body)
	if err != nil {
		return 0, err
	}
	for name, value := range header {
		req.Header.Set(name, value)
	}
	resp, err := a.rc.Do(req)
	if err != nil {
		return 0, err
	}
	defer resp.Body.Close()
	io.Copy(io.Discard, resp.Body)
	return resp.StatusCode, nil
}

type headers map[string]string

func (h headers) String() string { return fmt.Sprint(map[string]string(h)) }

func (h headers) Set(s string) error {
	name, value, ok := strings.Cut(s, "=")
	if !ok {
		return fmt.Errorf("want Name=value, got %q", s)
	}
	h[name] = value
	return nil
}

func main() {
	header := headers{}
	flag.Var(header, "header", "a request header, Name=value (repeatable)")
	flag.Parse()
	if flag.NArg() != 2 {
		fmt.Fprintln(os.Stderr, "usage: retryablepost [-header Name=value] METHOD URL")
		os.Exit(2)
	}
	var body []byte
	if m := flag.Arg(0); m != "GET" && m != "HEAD" {
		body = []byte(`{"customer":"c_42","amount":1999,"currency":"EUR"}`)
	}
	status, err := NewAPI().Send(context.Background(), flag.Arg(0), flag.Arg(1), body, header)
	if err != nil {
		fmt.Fprintln(os.Stderr, "retryablepost:", err)
		os.Exit(1)
	}
	fmt.Println(status)
}
