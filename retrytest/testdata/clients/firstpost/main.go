// Command firstpost posts a charge once before its retry loop and again in
// the loop while the last attempt failed, without an idempotency key, the
// defect that retryidempotency reports: when the server applied the
// charge but the connection dropped before the answer, the retry charges
// the customer a second time. The fix must key the first attempt too, or
// the server sees no key and then a key, and cannot tell the second for a
// replay of the first.
//
//	firstpost http://127.0.0.1:8080/charges
package main

import (
	"bytes"
	"fmt"
	"net/http"
	"os"
	"time"
)

func main() {
	if err := charge(http.DefaultClient, os.Args[1], []byte(`{"customer":"c_42","amount":1999,"currency":"EUR"}`)); err != nil {
		fmt.Fprintln(os.Stderr, "firstpost:", err)
		os.Exit(1)
	}
	fmt.Println("charged")
}

func charge(hc *http.Client, url string, order []byte) error {
	resp, err := hc.Post(url, "application/json", bytes.NewReader(order))
	for i := 0; i < 3 && (err != nil || resp.StatusCode >= 500); i++ {
		if resp != nil {
			resp.Body.Close()
		}
		time.Sleep(100 * time.Millisecond)
		resp, err = hc.Post(url, "application/json", bytes.NewReader(order))
	}
	if err != nil {
		return err
	}
	resp.Body.Close()
	if resp.StatusCode >= 300 {
		return fmt.Errorf("charge: %s", resp.Status)
	}
	return nil
}
