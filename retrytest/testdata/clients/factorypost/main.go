// Command factorypost posts one order through a retry helper that takes a
// request factory, so that each attempt has a fresh body, and re-sends
// whatever request the factory makes after a transport error or a 5xx,
// the defect that retryidempotency reports: when the server stored the
// order but the connection dropped before the answer, the order is
// stored a second time.
//
//	factorypost http://127.0.0.1:8080
package main

import (
	"bytes"
	"context"
	"fmt"
	"net/http"
	"os"
	"time"
)

func doWithRetry(ctx context.Context, client *http.Client, newRequest func() (*http.Request, error)) (*http.Response, error) {
	var resp *http.Response
	var err error
	for attempt := 0; attempt < 3; attempt++ {
		var req *http.Request
		req, err = newRequest()
		if err != nil {
			return nil, err
		}
		resp, err = client.Do(req.WithContext(ctx))
		if err == nil && resp.StatusCode < 500 {
			return resp, nil
		}
		if err == nil {
			resp.Body.Close()
		}
		select {
		case <-ctx.Done():
			return nil, ctx.Err()
		case <-time.After(10 * time.Millisecond):
		}
	}
	return resp, err
}

func main() {
	body := []byte(`{"item":"book","quantity":1}`)
	resp, err := doWithRetry(context.Background(), http.DefaultClient, func() (*http.Request, error) {
		return http.NewRequest(http.MethodPost, os.Args[1]+"/orders", bytes.NewReader(body))
	})
	if err != nil {
		fmt.Fprintln(os.Stderr, "factorypost:", err)
		os.Exit(1)
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		fmt.Fprintln(os.Stderr, "factorypost:", resp.Status)
		os.Exit(1)
	}
	fmt.Println("posted")
}
