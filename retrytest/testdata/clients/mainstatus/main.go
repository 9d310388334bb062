// Command mainstatus checks a URL from main, with an overall deadline on
// its context, retrying a 503 after a sleep that ignores the context: the
// defect that retrydeadline reports. A 503 leaves err nil; the attempt
// after the context's end fails, so what follows the loop reports the
// failure. The fix must leave the loop with the context's error in err,
// not with the nil that reads as success.
//
//	mainstatus http://127.0.0.1:8080/health
package main

import (
	"context"
	"fmt"
	"net/http"
	"os"
	"time"
)

func main() {
	ctx, cancel := context.WithTimeout(context.Background(), 1200*time.Millisecond)
	defer cancel()
	var err error
	for i := 0; i < 5; i++ {
		var req *http.Request
		req, err = http.NewRequestWithContext(ctx, http.MethodGet, os.Args[1], nil)
		if err != nil {
			break
		}
		var resp *http.Response
		resp, err = http.DefaultClient.Do(req)
		if err == nil {
			resp.Body.Close()
			if resp.StatusCode != http.StatusServiceUnavailable {
				break
			}
		}
		time.Sleep(500 * time.Millisecond)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "mainstatus: unhealthy:", err)
		cancel()
		os.Exit(1)
	}
	fmt.Println("healthy")
}
