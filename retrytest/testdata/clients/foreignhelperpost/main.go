// Command foreignhelperpost posts one message through an SDK it does not
// own, in an operation that a retry helper of its own tries again after
// any error, the defect that retryidempotency reports: when the server
// posted the message but the connection dropped before the answer, the
// message is posted a second time.
//
//	foreignhelperpost http://127.0.0.1:8080
package main

import (
	"fmt"
	"net/http"
	"os"
	"time"

	"example.com/clients/foreignpost/chat"
)

func main() {
	api := &chat.Client{HTTP: http.DefaultClient, Base: os.Args[1]}
	if err := notify(api, "deploy finished"); err != nil {
		fmt.Fprintln(os.Stderr, "foreignhelperpost:", err)
		os.Exit(1)
	}
	fmt.Println("posted")
}

// withBackoff calls op up to three times, until it succeeds.
func withBackoff(op func() error) error {
	var err error
	for range 3 {
		if err = op(); err == nil {
			return nil
		}
		time.Sleep(10 * time.Millisecond)
	}
	return err
}

func notify(api *chat.Client, text string) error {
	return withBackoff(func() error {
		err := api.PostMessage("ops", text)
		return err
	})
}
