// Command foreignpost posts one message through an SDK it does not own,
// and tries again after any error, the defect that retryidempotency
// reports: when the server posted the message but the connection dropped
// before the answer, the message is posted a second time.
//
//	foreignpost http://127.0.0.1:8080
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
		fmt.Fprintln(os.Stderr, "foreignpost:", err)
		os.Exit(1)
	}
	fmt.Println("posted")
}

func notify(api *chat.Client, text string) error {
	var err error
	for range 3 {
		err = api.PostMessage("ops", text)
		if err == nil {
			return nil
		}
		time.Sleep(10 * time.Millisecond)
	}
	return err
}
