// Command rewrappost delivers one message through a Notifier interface,
// whose webhook implementation posts it and folds a transport error into
// its own with %v, and tries again after any error, the defect that
// retryidempotency reports: when the server took the message but the
// connection dropped before the answer, the message is posted a second
// time. The fix makes that %v a %w, so that a guard at the retry sees
// the transport error.
//
//	rewrappost http://127.0.0.1:8080
package main

import (
	"bytes"
	"fmt"
	"net/http"
	"os"
	"time"
)

// Notifier delivers one message.
type Notifier interface {
	Notify(msg string) error
}

type webhook struct{ url string }

func (w webhook) Notify(msg string) error {
	resp, err := http.Post(w.url, "text/plain", bytes.NewBufferString(msg))
	if err != nil {
		return fmt.Errorf("webhook %s: %v", w.url, err)
	}
	defer resp.Body.Close()
	if resp.StatusCode >= 500 {
		return fmt.Errorf("webhook: status %d", resp.StatusCode)
	}
	return nil
}

func main() {
	if err := deliver(webhook{url: os.Args[1] + "/hook"}, "deploy finished"); err != nil {
		fmt.Fprintln(os.Stderr, "rewrappost:", err)
		os.Exit(1)
	}
	fmt.Println("posted")
}

func deliver(n Notifier, msg string) error {
	for attempt := 1; ; attempt++ {
		if err := n.Notify(msg); err != nil {
			if attempt == 3 {
				return err
			}
			time.Sleep(10 * time.Millisecond)
			continue
		}
		return nil
	}
}
