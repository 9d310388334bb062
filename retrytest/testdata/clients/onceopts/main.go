// Command onceopts sends its request through an SDK-style helper,
// call(ctx, method, url, body), whose operation builds the request with
// the caller's method and which cenkalti/backoff v5 retries after a
// transport error or a 5xx, whatever the method: a POST whose answer was
// lost is sent again and may be applied twice. The helper returns the
// body it read, not the response, so the fix keeps a POST or PATCH to
// one attempt with the library's own WithMaxTries(1).
//
//	onceopts METHOD http://127.0.0.1:8080/charges
package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"net/http"
	"os"
	"strings"
	"time"

	"github.com/cenkalti/backoff/v5"
)

func call(ctx context.Context, method, url, body string) ([]byte, error) {
	op := func() ([]byte, error) {
		req, err := http.NewRequestWithContext(ctx, method, url, strings.NewReader(body))
		if err != nil {
			return nil, backoff.Permanent(err)
		}
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			return nil, err
		}
		defer resp.Body.Close()
		if resp.StatusCode >= 500 {
			return nil, fmt.Errorf("status %d", resp.StatusCode)
		}
		return io.ReadAll(resp.Body)
	}
	return backoff.Retry(ctx, op, backoff.WithBackOff(backoff.NewConstantBackOff(100*time.Millisecond)), backoff.WithMaxTries(3))
}

func main() {
	flag.Parse()
	if flag.NArg() != 2 {
		fmt.Fprintln(os.Stderr, "usage: onceopts METHOD URL")
		os.Exit(2)
	}
	body := ""
	if m := flag.Arg(0); m != "GET" && m != "HEAD" {
		body = `{"customer":"c_42","amount":1999,"currency":"EUR"}`
	}
	b, err := call(context.Background(), flag.Arg(0), flag.Arg(1), body)
	if err != nil {
		fmt.Fprintln(os.Stderr, "onceopts:", err)
		os.Exit(1)
	}
	fmt.Printf("%s\n", b)
}
