// Command errhelperpost writes off stock through a client whose retry
// loop calls a helper that sends a request of the method it is handed
// and returns its error alone, and tries again after a transport error or
// a 5xx, the defect that retryidempotency reports: when the server
// applied the write-off but the connection dropped before the answer, the
// write-off is applied a second time.
//
//	errhelperpost http://127.0.0.1:8080
package main

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"os"
	"strings"
	"time"
)

type client struct {
	hc      *http.Client
	base    string
	retries int
}

// transient marks the errors worth another attempt.
type transient struct{ err error }

func (t transient) Error() string { return t.err.Error() }
func (t transient) Unwrap() error { return t.err }

func (c *client) do(ctx context.Context, method, path, body string) error {
	req, err := http.NewRequestWithContext(ctx, method, c.base+path, strings.NewReader(body))
	if err != nil {
		return err
	}
	resp, err := c.hc.Do(req)
	if err != nil {
		return transient{err}
	}
	defer resp.Body.Close()
	if resp.StatusCode >= 500 {
		return transient{errors.New(resp.Status)}
	}
	if resp.StatusCode != http.StatusOK {
		return errors.New(resp.Status)
	}
	return nil
}

func (c *client) doWithRetry(ctx context.Context, method, path, body string) error {
	var last error
	for attempt := 0; attempt <= c.retries; attempt++ {
		err := c.do(ctx, method, path, body)
		if err == nil {
			return nil
		}
		last = err
		var t transient
		if !errors.As(err, &t) {
			return err
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(10 * time.Millisecond):
		}
	}
	return last
}

func (c *client) writeOff(ctx context.Context, code string) error {
	return c.doWithRetry(ctx, http.MethodPost, "/products/"+code+"/writeoff", `{"quantity":1}`)
}

func main() {
	c := &client{hc: http.DefaultClient, base: os.Args[1], retries: 2}
	if err := c.writeOff(context.Background(), "42"); err != nil {
		fmt.Fprintln(os.Stderr, "errhelperpost:", err)
		os.Exit(1)
	}
	fmt.Println("posted")
}
