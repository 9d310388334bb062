// Command editorpost posts a charge through a client shaped like a
// generated one: a function builds the operation's request, and the
// exported Charge method applies the caller's request editors before it
// sends it. A loop retries Charge without an idempotency key, the defect
// that retryidempotency reports: when the server applied the charge but
// the connection dropped before the answer, the retry charges the
// customer a second time. With -once it charges through the same method,
// with an editor, without retrying; that call must send exactly what it
// sent before any fix.
//
//	editorpost [-once] http://127.0.0.1:8080/charges
package main

import (
	"bytes"
	"flag"
	"fmt"
	"net/http"
	"os"
	"time"
)

// RequestEditor edits a request before it is sent.
type RequestEditor func(req *http.Request) error

// Payments is a small API client.
type Payments struct {
	client *http.Client
	url    string
}

// NewChargeRequest builds the request of Charge.
func NewChargeRequest(url string, order []byte) (*http.Request, error) {
	req, err := http.NewRequest(http.MethodPost, url, bytes.NewReader(order))
	if err != nil {
		return nil, err
	}
	req.Header.Set("Content-Type", "application/json")
	return req, nil
}

// Charge posts one charge.
func (p *Payments) Charge(order []byte, editors ...RequestEditor) error {
	req, err := NewChargeRequest(p.url, order)
	if err != nil {
		return err
	}
	for _, edit := range editors {
		if err := edit(req); err != nil {
			return err
		}
	}
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
		charge = func(p *Payments, order []byte) error {
			return p.Charge(order, func(req *http.Request) error {
				req.Header.Set("X-Source", "once")
				return nil
			})
		}
	}
	if err := charge(p, order); err != nil {
		fmt.Fprintln(os.Stderr, "editorpost:", err)
		os.Exit(1)
	}
	fmt.Println("charged")
}
