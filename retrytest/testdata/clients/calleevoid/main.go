// Command calleevoid is calleesend with a sender that returns nothing: a
// batch uploader whose send reports the outcome to callbacks, the failure
// one after the loop once no attempt has succeeded. The budget that the
// fix adds must end the loop as its last attempt does, so that the
// failure callback still runs. The waits double (100 ms, 200 ms, ...),
// so the budget, sized from the Timeout alone, can be spent before the
// last attempt.
//
//	calleevoid [-per-try 300ms] http://127.0.0.1:8080/report
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
	http   http.Client
	pause  time.Duration
	quit   chan struct{}
	failed error
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

func (c *client) notifyFailure(err error) { c.failed = err }

func (c *client) send(url string) {
	for attempt := 0; attempt < 5; attempt++ {
		if err := c.upload(url); err == nil {
			return
		}
		select {
		case <-time.After(c.pause << attempt):
		case <-c.quit:
			c.notifyFailure(errors.New("closed"))
			return
		}
	}
	c.notifyFailure(errors.New("giving up"))
}

func main() {
	perTry := flag.Duration("per-try", 0, "timeout of each attempt (0: none)")
	flag.Parse()
	c := &client{http: makeHTTPClient(*perTry), pause: 100 * time.Millisecond, quit: make(chan struct{})}
	start := time.Now()
	c.send(flag.Arg(0))
	fmt.Printf("elapsed %v\n", time.Since(start).Round(time.Millisecond))
	if err := c.failed; err != nil {
		fmt.Fprintln(os.Stderr, "calleevoid:", err)
		os.Exit(1)
	}
	fmt.Println("ok")
}
