// Command decoratorpost sends one request through a middleware chain whose
// retry stage hands the context apart from the request, next(ctx, req),
// and calls it again after a transport error whatever the method, the
// defect that retryidempotency reports: when the server applied a POST
// but the connection dropped before the answer, the stage applies it a
// second time. Between attempts it rewinds the body, reusing err for
// the rewind's error. A GET or PUT may be sent again, and so may a POST with
// an Idempotency-Key (-key).
//
//	decoratorpost [-key=K] POST http://127.0.0.1:8080/charges
package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"net/http"
	"os"
	"strings"
)

// Next is the rest of the chain.
type Next func(ctx context.Context, req *http.Request) (*http.Response, error)

// Middleware is a stage of the chain.
type Middleware func(Next) Next

// withRetry calls the rest of the chain up to attempts times, until one
// gets an answer.
func withRetry(attempts int) Middleware {
	return func(next Next) Next {
		return func(ctx context.Context, req *http.Request) (*http.Response, error) {
			for i := 1; ; i++ {
				resp, err := next(ctx, req)
				if err == nil || i == attempts {
					return resp, err
				}
				err = rewind(req)
				if err != nil {
					return nil, err
				}
			}
		}
	}
}

// rewind gives req a fresh copy of its body, if it has one.
func rewind(req *http.Request) error {
	if req.Body == nil || req.GetBody == nil {
		return nil
	}
	body, err := req.GetBody()
	if err != nil {
		return err
	}
	req.Body = body
	return nil
}

// send is the end of the chain.
func send(ctx context.Context, req *http.Request) (*http.Response, error) {
	return http.DefaultTransport.RoundTrip(req.WithContext(ctx))
}

func main() {
	key := flag.String("key", "", "the Idempotency-Key to send, if any")
	flag.Parse()
	method, url := flag.Arg(0), flag.Arg(1)
	var body io.Reader
	if method != http.MethodGet {
		body = strings.NewReader(`{"customer":"c_42","amount":1999,"currency":"EUR"}`)
	}
	req, err := http.NewRequest(method, url, body)
	if err != nil {
		fmt.Fprintln(os.Stderr, "decoratorpost:", err)
		os.Exit(2)
	}
	if *key != "" {
		req.Header.Set("Idempotency-Key", *key)
	}
	do := withRetry(3)(send)
	resp, err := do(context.Background(), req)
	if err != nil {
		fmt.Fprintln(os.Stderr, "decoratorpost:", err)
		os.Exit(1)
	}
	resp.Body.Close()
	fmt.Println(resp.Status)
}
