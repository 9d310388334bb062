// Command helperpost posts a charge through a retry helper of its own: the
// request is made in the closure handed to retry, without an idempotency
// key, the defect that retryidempotency reports: when the server applied
// the charge but the connection dropped before the answer, the retry
// charges the customer a second time.
//
//	helperpost http://127.0.0.1:8080/charges
package main

import (
	"bytes"
	"fmt"
	"net/http"
	"os"
	"time"
)

func main() {
	if err := charge(os.Args[1], []byte(`{"customer":"c_42","amount":1999,"currency":"EUR"}`)); err != nil {
		fmt.Fprintln(os.Stderr, "helperpost:", err)
		os.Exit(1)
	}
	fmt.Println("charged")
}

// retry calls fn up to attempts times, until it succeeds.
func retry(attempts int, fn func() error) error {
	var err error
	for i := 0; i < attempts; i++ {
		if err = fn(); err == nil {
			return nil
		}
		time.Sleep(100 * time.Millisecond)
	}
	return err
}

func charge(url string, order []byte) error {
	return retry(3, func() error {
		req, err := http.NewRequest(http.MethodPost, url, bytes.NewReader(order))
		if err != nil {
			return err
		}
		req.Header.Set("Content-Type", "application/json")
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			return err
		}
		resp.Body.Close()
		if resp.StatusCode >= 300 {
			return fmt.Errorf("charge: %s", resp.Status)
		}
		return nil
	})
}
