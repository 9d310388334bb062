// Command nokey posts a charge and retries after a transport error without
// an idempotency key, the defect that retryidempotency reports: when the
// server applied the charge but the connection dropped before the answer,
// the retry charges the customer a second time.
//
//	nokey http://127.0.0.1:8080/charges
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
		fmt.Fprintln(os.Stderr, "nokey:", err)
		os.Exit(1)
	}
	fmt.Println("charged")
}

func charge(url string, order []byte) error {
	var lastErr error
	for attempt := 0; attempt < 3; attempt++ {
		resp, err := http.Post(url, "application/json", bytes.NewReader(order))
		if err != nil {
			lastErr = err
			time.Sleep(100 * time.Millisecond)
			continue
		}
		resp.Body.Close()
		if resp.StatusCode < 300 {
			return nil
		}
		lastErr = fmt.Errorf("charge: %s", resp.Status)
	}
	return lastErr
}
