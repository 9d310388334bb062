// Command foreignlibpost posts one message through an SDK it does not own,
// in an operation that backoff.Retry tries again after any error, the
// defect that retryidempotency reports: when the server posted the message
// but the connection dropped before the answer, the message is posted a
// second time.
//
//	foreignlibpost http://127.0.0.1:8080
package main

import (
	"fmt"
	"net/http"
	"os"
	"time"

	"github.com/cenkalti/backoff/v4"

	"example.com/clients/foreignpost/chat"
)

func main() {
	api := &chat.Client{HTTP: http.DefaultClient, Base: os.Args[1]}
	if err := notify(api, "deploy finished"); err != nil {
		fmt.Fprintln(os.Stderr, "foreignlibpost:", err)
		os.Exit(1)
	}
	fmt.Println("posted")
}

func notify(api *chat.Client, text string) error {
	b := backoff.WithMaxRetries(backoff.NewConstantBackOff(10*time.Millisecond), 2)
	return backoff.Retry(func() error {
		err := api.PostMessage("ops", text)
		return err
	}, b)
}
