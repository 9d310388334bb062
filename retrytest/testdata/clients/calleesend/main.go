// Command calleesend uploads a report through a function that sends one
// request per call, with no context, through a client whose Timeout its
// constructor sets only when one is configured (-per-try): the Timeout
// bounds each of five attempts, and nothing bounds them together, the
// defect that retrydeadline reports at the call.
//
//	calleesend [-per-try 300ms] http://127.0.0.1:8080/report
package main

import (
	"errors"
	"flag"
	"fmt"
	"net/http"
	"os"
	"time"
)

type client struct {
	http  http.Client
	pause time.Duration
	quit  chan struct{}
}

// makeHTTPClient sets the Timeout only when one is configured.
func makeHTTPClient(perTry time.Duration) http.Client {
	hc := http.Client{}
	if perTry > 0 {
		hc.Timeout = perTry
	}
	return hc
}

// upload sends the report once.
func (c *client) upload(url string) error {
	req, err := http.NewRequest(http.MethodGet, url, nil)
	if err != nil {
		return err
	}
	resp, err := c.http.Do(req)
	if err != nil {
		return err
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return errors.New(resp.Status)
	}
	return nil
}

func (c *client) send(url string) error {
	for attempt := 0; attempt < 5; attempt++ {
		if err := c.upload(url); err == nil {
			return nil
		}
		select {
		case <-time.After(c.pause):
		case <-c.quit:
			return errors.New("closed")
		}
	}
	return errors.New("giving up after 5 attempts")
}

func main() {
	perTry := flag.Duration("per-try", 0, "timeout of each attempt (0: none)")
	flag.Parse()
	c := &client{http: makeHTTPClient(*perTry), pause: 100 * time.Millisecond, quit: make(chan struct{})}
	start := time.Now()
	err := c.send(flag.Arg(0))
	fmt.Printf("elapsed %v\n", time.Since(start).Round(time.Millisecond))
	if err != nil {
		fmt.Fprintln(os.Stderr, "calleesend:", err)
		os.Exit(1)
	}
	fmt.Println("ok")
}
