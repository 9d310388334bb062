// Command mainbudget checks a URL from main, each attempt bounded by its
// own timeout and the attempts counted by a break in a for loop without a
// condition: the defect that retrydeadline reports (no overall deadline
// over the attempts and the waits). What follows the loop reports the
// failure and sets the exit status; the budget the fix adds must leave
// the loop as the counted break does, not return past that.
//
//	mainbudget http://127.0.0.1:8080/health
package main

import (
	"context"
	"fmt"
	"net/http"
	"os"
	"time"
)

func main() {
	var err error
	for attempt := 1; ; attempt++ {
		ctx, cancel := context.WithTimeout(context.Background(), 300*time.Millisecond)
		var req *http.Request
		req, err = http.NewRequestWithContext(ctx, http.MethodGet, os.Args[1], nil)
		if err != nil {
			cancel()
			break
		}
		var resp *http.Response
		resp, err = http.DefaultClient.Do(req)
		cancel()
		if err == nil {
			resp.Body.Close()
			if resp.StatusCode == http.StatusOK {
				break
			}
			err = fmt.Errorf("health: %s", resp.Status)
		}
		if attempt == 4 {
			break
		}
		time.Sleep(100 * time.Millisecond)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "mainbudget: unhealthy:", err)
		os.Exit(1)
	}
	fmt.Println("healthy")
}
