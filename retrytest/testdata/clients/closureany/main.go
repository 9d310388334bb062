// Command closureany sends one request, of the method it is given, through
// a sender that builds each attempt's request in a closure its retry loop
// calls at once and tries again after a transport error or a 5xx, whatever
// the method, the defect that retryidempotency reports: when the server
// applied a POST but the connection dropped before the answer, the next
// attempt applies it a second time. The method defaults to POST.
//
//	closureany [METHOD] http://127.0.0.1:8080/charges
package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"net/http"
	"os"
)

type request struct {
	method, url string
	body        []byte
}

func main() {
	method, url := http.MethodPost, os.Args[1]
	if len(os.Args) > 2 {
		method, url = os.Args[1], os.Args[2]
	}
	var body []byte
	if method != http.MethodGet {
		body = []byte(`{"customer":"c_42","amount":1999,"currency":"EUR"}`)
	}
	resp, err := send(context.Background(), &request{method: method, url: url, body: body})
	if err != nil {
		fmt.Fprintln(os.Stderr, "closureany:", err)
		os.Exit(1)
	}
	resp.Body.Close()
	fmt.Println(resp.Status)
}

func send(ctx context.Context, req *request) (*http.Response, error) {
	var resp *http.Response
	var err error
	for attempt := 0; ; attempt++ {
		if attempt == 3 {
			return nil, err
		}
		loopErr := func() error {
			httpReq, err := http.NewRequestWithContext(ctx, req.method, req.url, bytes.NewReader(req.body))
			if err != nil {
				return err
			}
			resp, err = http.DefaultClient.Do(httpReq)
			if err != nil {
				return err
			}
			if resp.StatusCode >= 500 {
				resp.Body.Close()
				return errors.New(resp.Status)
			}
			return nil
		}()
		if loopErr == nil {
			return resp, nil
		}
		err = loopErr
	}
}
