// Command oncestop sends its request through an SDK-style sender that
// wraps the response in its own type and re-sends any request with
// cenkalti/backoff v4 after a transport error or a 5xx, whatever the
// method: a POST whose answer was lost is sent again and may be applied
// twice. The sender returns its own Response, not the send's, so the fix
// keeps a request that may not be replayed to one attempt with the
// library's own StopBackOff.
//
//	oncestop METHOD http://127.0.0.1:8080/charges
package main

import (
	"flag"
	"fmt"
	"net/http"
	"os"
	"strings"
	"time"

	"github.com/cenkalti/backoff/v4"
)

// Response is the sender's answer.
type Response struct{ *http.Response }

func do(req *http.Request) (*Response, error) {
	var resp *Response
	err := backoff.Retry(func() error {
		if req.GetBody != nil {
			body, err := req.GetBody()
			if err != nil {
				return backoff.Permanent(err)
			}
			req.Body = body
		}
		r, err := http.DefaultClient.Do(req)
		if err != nil {
			return err
		}
		resp = &Response{r}
		if r.StatusCode >= 500 {
			r.Body.Close()
			return fmt.Errorf("status %d", r.StatusCode)
		}
		return nil
	}, backoff.WithContext(backoff.WithMaxRetries(backoff.NewConstantBackOff(100*time.Millisecond), 2), req.Context()))
	return resp, err
}

func main() {
	flag.Parse()
	if flag.NArg() != 2 {
		fmt.Fprintln(os.Stderr, "usage: oncestop METHOD URL")
		os.Exit(2)
	}
	body := ""
	if m := flag.Arg(0); m != "GET" && m != "HEAD" {
		body = `{"customer":"c_42","amount":1999,"currency":"EUR"}`
	}
	req, err := http.NewRequest(flag.Arg(0), flag.Arg(1), strings.NewReader(body))
	if err != nil {
		fmt.Fprintln(os.Stderr, "oncestop:", err)
		os.Exit(2)
	}
	resp, err := do(req)
	if err != nil {
		fmt.Fprintln(os.Stderr, "oncestop:", err)
		os.Exit(1)
	}
	resp.Body.Close()
	fmt.Println(resp.StatusCode)
}
