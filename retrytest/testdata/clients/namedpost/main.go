// Command namedpost posts a charge from a method handed by name to a retry
// helper, without an idempotency key, the defect that retryidempotency
// reports: when the server applied the charge but the connection dropped
// before the answer, the next call of the method charges the customer a
// second time.
//
//	namedpost http://127.0.0.1:8080/charges
package main

import (
	"bytes"
	"fmt"
	"net/http"
	"os"
	"time"
)

// Retrier calls an operation until it succeeds, at most Attempts times.
type Retrier struct {
	Attempts int
	Pause    time.Duration
}

func (r *Retrier) Run(op func() error) error {
	var err error
	for i := 0; i < r.Attempts; i++ {
		if err = op(); err == nil {
			return nil
		}
		time.Sleep(r.Pause)
	}
	return err
}

type payments struct {
	hc    *http.Client
	url   string
	order []byte
	r     *Retrier
}

func (p *payments) Charge() error {
	return p.r.Run(p.postCharge)
}

func (p *payments) postCharge() error {
	resp, err := p.hc.Post(p.url, "application/json", bytes.NewReader(p.order))
	if err != nil {
		return err
	}
	resp.Body.Close()
	if resp.StatusCode >= 300 {
		return fmt.Errorf("charge: %s", resp.Status)
	}
	return nil
}

func main() {
	p := &payments{
		hc:    http.DefaultClient,
		url:   os.Args[1],
		order: []byte(`{"customer":"c_42","amount":1999,"currency":"EUR"}`),
		r:     &Retrier{Attempts: 3, Pause: 100 * time.Millisecond},
	}
	if err := p.Charge(); err != nil {
		fmt.Fprintln(os.Stderr, "namedpost:", err)
		os.Exit(1)
	}
	fmt.Println("charged")
}
