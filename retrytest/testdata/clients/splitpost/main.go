// Command splitpost posts a charge through the exported Charge method of a
// small API client, and retries it in a loop without an idempotency key,
// the defect that retryidempotency reports: when the server applied the
// charge but the connection dropped before the answer, the retry charges
// the customer a second time. With -once it charges through the same
// method without retrying, the way other callers of an exported method
// do; that call must send exactly what it sent before any fix.
//
//	splitpost [-once] http://127.0.0.1:8080/charges
package main

import (
	"bytes"
	"flag"
	"fmt"
	"net/http"
	"os"
	"time"
)

// Payments is a small API client.
type Payments struct {
	client *http.Client
	url    string
}

// Charge posts one charge.
func (p *Payments) Charge(order []byte) error {
	req, err := http.NewRequest(http.MethodPost, p.url, bytes.NewReader(order))
	if err != nil {
		return err
	}
	req.Header.Set("Content-Type", "application/json")
	resp, err := p.client.Do(req)
	if err != nil {
		return err
	}
	resp.Body.Close()
	if resp.StatusCode >= 300 {
		return fmt.Errorf("charge: %s", resp.Status)
	}
	return nil
}

func chargeWithRetries(p *Payments, order []byte) error {
	var err error
	for attempt := 0; attempt < 3; attempt++ {
		if err = p.Charge(order); err == nil {
			return nil
		}
		time.Sleep(100 * time.Millisecond)
	}
	return err
}

func main() {
	once := flag.Bool("once", false, "charge once, without retries")
	flag.Parse()
	p := &Payments{client: http.DefaultClient, url: flag.Arg(0)}
	order := []byte(`{"customer":"c_42","amount":1999,"currency":"EUR"}`)
	charge := chargeWithRetries
	if *once {
		charge = func(p *Payments, order []byte) error { return p.Charge(order) }
	}
	if err := charge(p, order); err != nil {
		fmt.Fprintln(os.Stderr, "splitpost:", err)
		os.Exit(1)
	}
	fmt.Println("charged")
}
