// Command closurepost posts a charge from a local closure that a loop calls
// again after a failure, without an idempotency key, the defect that
// retryidempotency reports: when the server applied the charge but the
// connection dropped before the answer, the next call charges the customer
// a second time.
//
//	closurepost http://127.0.0.1:8080/charges
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
		fmt.Fprintln(os.Stderr, "closurepost:", err)
		os.Exit(1)
	}
	fmt.Println("charged")
}

func charge(url string, order []byte) error {
	send := func() error {
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
	}
	var err error
	for range 3 {
		if err = send(); err == nil {
			return nil
		}
		time.Sleep(100 * time.Millisecond)
	}
	return err
}
