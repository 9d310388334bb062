// Command clientget fetches a URL with c.Get through a client whose
// http.Client.Timeout, set by its constructor, bounds each attempt, and
// nothing bounds the operation. fetch returns the response, and main
// reads its body after fetch has returned, as the callers of such a
// function do: a deadline cancelled when fetch returns would cut that
// read.
//
//	clientget http://127.0.0.1:8080/report
package main

import (
	"errors"
	"fmt"
	"io"
	"net/http"
	"os"
	"time"
)

const (
	perTry = 300 * time.Millisecond
	pause  = 300 * time.Millisecond
)

type client struct {
	hc       *http.Client
	attempts int
}

func newClient() *client {
	return &client{hc: &http.Client{Timeout: perTry}, attempts: 5}
}

func main() {
	start := time.Now()
	resp, err := newClient().fetch(os.Args[1])
	if err != nil {
		fmt.Printf("elapsed %v\n", time.Since(start).Round(time.Millisecond))
		fmt.Fprintln(os.Stderr, "clientget:", err)
		os.Exit(1)
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	fmt.Printf("elapsed %v\n", time.Since(start).Round(time.Millisecond))
	if err != nil {
		fmt.Fprintln(os.Stderr, "clientget: reading the body:", err)
		os.Exit(1)
	}
	fmt.Printf("ok, %d bytes\n", len(body))
}

func (c *client) fetch(url string) (*http.Response, error) {
	for attempt := 0; attempt < c.attempts; attempt++ {
		resp, err := c.hc.Get(url)
		if err == nil {
			if resp.StatusCode == http.StatusOK {
				return resp, nil
			}
			resp.Body.Close()
		}
		time.Sleep(pause)
	}
	return nil, errors.New("giving up after 5 attempts")
}
