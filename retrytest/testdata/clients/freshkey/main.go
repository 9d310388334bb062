// Command freshkey posts a charge through a helper that sets a new
// Idempotency-Key on every call, and calls the helper again after a
// failure: each attempt carries a new key, which the server cannot tie to
// the first, the defect that retryidempotency reports. When the server
// applied the charge but the connection dropped before the answer, the
// second attempt charges the customer a second time. A receipt, sent once
// through the same helper, keeps a key of its own.
//
//	freshkey http://127.0.0.1:8080/charges
package main

import (
	"bytes"
	"crypto/rand"
	"fmt"
	"net/http"
	"os"
	"time"
)

func main() {
	if err := charge(os.Args[1], []byte(`{"customer":"c_42","amount":1999,"currency":"EUR"}`)); err != nil {
		fmt.Fprintln(os.Stderr, "freshkey:", err)
		os.Exit(1)
	}
	fmt.Println("charged")
	if len(os.Args) > 2 {
		if err := post(os.Args[2], []byte(`{"customer":"c_42"}`)); err != nil {
			fmt.Fprintln(os.Stderr, "freshkey: receipt:", err)
		}
	}
}

func charge(url string, order []byte) error {
	var err error
	for attempt := 0; attempt < 3; attempt++ {
		if err = post(url, order); err == nil {
			return nil
		}
		time.Sleep(100 * time.Millisecond)
	}
	return err
}

func post(url string, body []byte) error {
	req, err := http.NewRequest(http.MethodPost, url, bytes.NewReader(body))
	if err != nil {
		return err
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Idempotency-Key", rand.Text())
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return err
	}
	resp.Body.Close()
	if resp.StatusCode >= 300 {
		return fmt.Errorf("post: %s", resp.Status)
	}
	return nil
}
