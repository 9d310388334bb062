// Command execany sends one request, of the method it is given, through a
// retry helper that runs the operation its struct holds and asks it
// whether to run it again: the operation builds each attempt's request
// and answers "again" after a transport error or a 5xx, whatever the
// method, the defect that retryidempotency reports: when the server
// applied a POST but the connection dropped before the answer, or it
// answered 502 after applying it, the next attempt applies it a second
// time. The method defaults to POST.
//
//	execany [METHOD] http://127.0.0.1:8080/charges
package main

import (
	"bytes"
	"fmt"
	"io"
	"net/http"
	"os"
)

// Executor runs Handler until it answers false, MaxRetries more times at
// most.
type Executor struct {
	MaxRetries int
	Handler    func() (shouldRetry bool, err error)
}

func (e *Executor) Execute() error {
	var err error
	for i := 0; i <= e.MaxRetries; i++ {
		var again bool
		if again, err = e.Handler(); !again {
			return err
		}
	}
	return err
}

type client struct {
	hc *http.Client
}

func (c *client) doRequest(req *http.Request) (resp *http.Response, body []byte, err error) {
	resp, err = c.hc.Do(req)
	if err != nil {
		return
	}
	defer resp.Body.Close()
	body, err = io.ReadAll(resp.Body)
	return
}

// send sends a request of method to url, at most 3 times.
func (c *client) send(method, url string, content []byte) (resp *http.Response, body []byte, err error) {
	e := Executor{
		MaxRetries: 2,
		Handler: func() (bool, error) {
			req, rerr := http.NewRequest(method, url, bytes.NewReader(content))
			if rerr != nil {
				return false, rerr
			}
			resp, body, err = c.doRequest(req)
			if err != nil {
				return true, err
			}
			return resp.StatusCode >= 500, nil
		},
	}
	err = e.Execute()
	return
}

func main() {
	method, url := http.MethodPost, os.Args[1]
	if len(os.Args) > 2 {
		method, url = os.Args[1], os.Args[2]
	}
	var content []byte
	if method != http.MethodGet {
		content = []byte(`{"customer":"c_42","amount":1999,"currency":"EUR"}`)
	}
	c := &client{hc: http.DefaultClient}
	resp, _, err := c.send(method, url, content)
	if err == nil && resp.StatusCode >= 300 {
		err = fmt.Errorf("status %d", resp.StatusCode)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "execany:", err)
		os.Exit(1)
	}
	fmt.Println(resp.Status)
}
