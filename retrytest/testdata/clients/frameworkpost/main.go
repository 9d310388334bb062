// Command frameworkpost delivers one message through a notification
// framework (package notify) that calls its notifier again while the
// notifier's verdict asks. The webhook notifier asks for another attempt
// after a transport error, the defect that retryidempotency reports:
// when the server took the message but the connection dropped before
// the answer, the message is posted a second time. The fix answers a
// transport error with notify.Unrecoverable; a 503 is still retried.
//
//	frameworkpost http://127.0.0.1:8080
package main

import (
	"bytes"
	"context"
	"fmt"
	"net/http"
	"os"

	"example.com/clients/frameworkpost/notify"
)

type webhook struct{ url string }

func (w webhook) Notify(ctx context.Context, msg string) notify.Verdict {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, w.url, bytes.NewBufferString(msg))
	if err != nil {
		return notify.Unrecoverable(err)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return notify.Retry(err)
	}
	defer resp.Body.Close()
	switch {
	case resp.StatusCode == http.StatusServiceUnavailable:
		return notify.Retry(fmt.Errorf("webhook: status %d", resp.StatusCode))
	case resp.StatusCode >= 300:
		return notify.Unrecoverable(fmt.Errorf("webhook: status %d", resp.StatusCode))
	}
	return notify.Success()
}

func main() {
	stage := notify.Stage{N: webhook{url: os.Args[1] + "/hook"}}
	if err := stage.Exec(context.Background(), "deploy finished"); err != nil {
		fmt.Fprintln(os.Stderr, "frameworkpost:", err)
		os.Exit(1)
	}
	fmt.Println("posted")
}
