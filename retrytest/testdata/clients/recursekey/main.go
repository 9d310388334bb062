// Command recursekey posts a charge and, after a transport error, calls
// itself again with one attempt fewer, without an idempotency key: the
// retry by recursion that retryidempotency reports. When the server
// applied the charge but the connection dropped before the answer, the
// second call charges the customer a second time.
//
//	recursekey http://127.0.0.1:8080/charges
package main

import (
	"bytes"
	"fmt"
	"net/http"
	"os"
	"time"
)

func main() {
	if err := charge(os.Args[1], []byte(`{"customer":"c_42","amount":1999,"currency":"EUR"}`), 3); err != nil {
		fmt.Fprintln(os.Stderr, "recursekey:", err)
		os.Exit(1)
	}
	fmt.Println("charged")
}

func charge(url string, order []byte, attempts int) error {
	req, err := http.NewRequest(http.MethodPost, url, bytes.NewReader(order))
	if err != nil {
		return err
	}
	req.Header.Set("Content-Type", "application/json")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		if attempts > 1 {
			time.Sleep(100 * time.Millisecond)
			return charge(url, order, attempts-1)
		}
		return err
	}
	resp.Body.Close()
	if resp.StatusCode >= 300 {
		return fmt.Errorf("charge: %s", resp.Status)
	}
	return nil
}
