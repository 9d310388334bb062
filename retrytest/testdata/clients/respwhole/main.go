// Command respwhole fetches a report and, when the server answers with an
// error, logs the answer whole (stderr), and then the error that check
// makes of it, whose text formats the answer whole too: the defect that
// authlog reports twice, as fmt prints a response with its Header, and the
// server's session cookie in it. Either way it prints the status and whether the answer gave it a
// session cookie (stdout), which it would keep for the next call.
//
//	respwhole http://127.0.0.1:8080/report
package main

import (
	"fmt"
	"log"
	"net/http"
	"os"
)

func main() {
	if len(os.Args) != 2 {
		fmt.Fprintln(os.Stderr, "usage: respwhole URL")
		os.Exit(2)
	}
	resp, err := http.Get(os.Args[1])
	if err != nil {
		fmt.Fprintln(os.Stderr, "respwhole:", err)
		os.Exit(1)
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		log.Printf("unexpected response: %+v", resp)
	}
	if err := check(resp); err != nil {
		log.Printf("report: %v", err)
	}
	session := ""
	for _, c := range resp.Cookies() {
		if c.Name == "session" {
			session = c.Value
		}
	}
	fmt.Println(resp.StatusCode, session != "")
}

// check returns an error for an answer that is not a 200.
func check(resp *http.Response) error {
	if resp.StatusCode != http.StatusOK {
		return fmt.Errorf("unexpected answer %+v", resp)
	}
	return nil
}
