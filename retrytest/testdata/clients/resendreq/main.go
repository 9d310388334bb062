// Command resendreq fetches a report by handing the request it built to a
// method that sends it again, five times 100 ms apart, through a client
// whose Timeout bounds each attempt (-per-try, 0 for none), with no bound
// on the attempts together: the defect that retrydeadline reports.
//
//	resendreq [-per-try 300ms] http://127.0.0.1:8080/report
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"net/http"
	"os"
	"time"
)

type client struct {
	hc    *http.Client
	pause time.Duration
}

// fetch sends the request it is handed until the server answers 200.
func (c *client) fetch(req *http.Request) error {
	for attempt := 0; attempt < 5; attempt++ {
		resp, err := c.hc.Do(req)
		if err == nil {
			resp.Body.Close()
			if resp.StatusCode == http.StatusOK {
				return nil
			}
		}
		select {
		case <-req.Context().Done():
			return req.Context().Err()
		case <-time.After(c.pause):
		}
	}
	return errors.New("giving up after 5 attempts")
}

func main() {
	perTry := flag.Duration("per-try", 300*time.Millisecond, "timeout of each attempt (0: none)")
	flag.Parse()
	c := &client{hc: &http.Client{Timeout: *perTry}, pause: 100 * time.Millisecond}
	req, err := http.NewRequestWithContext(context.Background(), http.MethodGet, flag.Arg(0), nil)
	if err != nil {
		fmt.Fprintln(os.Stderr, "resendreq:", err)
		os.Exit(2)
	}
	start := time.Now()
	err = c.fetch(req)
	fmt.Printf("elapsed %v\n", time.Since(start).Round(time.Millisecond))
	if err != nil {
		fmt.Fprintln(os.Stderr, "resendreq:", err)
		os.Exit(1)
	}
	fmt.Println("ok")
}
